import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWhatsappStandIn,
  whatsappEnv,
  type WhatsappStandIn,
} from '../../../scripts/whatsapp-stand-in.mjs';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { deleteJobs, sendJob } from '../src/db/queue';
import { whatsappMessages } from '../src/db/schema';
import { REMINDER_QUEUE, WHATSAPP_QUEUE } from '../src/db/queues';
import { createTestApp, type TestContext } from './helpers/app';
import { createBookableProfessional, type BookableProfessional } from './helpers/booking';
import { createTestDatabase } from './helpers/database';
import { makeJobsDue } from './helpers/jobs';
import { bookWithPhone, enableWhatsapp, sentTo } from './helpers/whatsapp';

/**
 * Exactly once across two instances and a restart: two apps on one database run the queue side
 * by side, and an app closed with a message still queued leaves it to the next one.
 */
let database: Database;
let standIn: WhatsappStandIn;
let first: TestContext;
let second: TestContext;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

const startInstance = () =>
  createTestApp({ database, now: SATURDAY_0900, env: whatsappEnv(standIn.url) });

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startWhatsappStandIn();
  first = await startInstance();
  second = await startInstance();
  shop = await createBookableProfessional(first, { businessName: 'Studio Duplo' });
  await enableWhatsapp(shop);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
  await standIn.close();
});

async function runBoth(queue = WHATSAPP_QUEUE) {
  await makeJobsDue(database.db, queue);
  await Promise.all([first.app.jobs.runDue(queue), second.app.jobs.runDue(queue)]);
}

describe('WhatsApp exactly once', () => {
  it('two instances running the queue together send the confirmation once', async () => {
    const { phone } = await bookWithPhone(first, shop, { time: '09:00' });
    for (let i = 0; i < 4; i += 1) await runBoth();
    expect(sentTo(standIn, phone.wa)).toHaveLength(1);
  });

  it('the reminder goes once, at its time, even after a restart', async () => {
    const { phone } = await bookWithPhone(first, shop, { time: '10:00' });
    for (let i = 0; i < 3; i += 1) await runBoth();
    for (const instance of [first, second]) instance.clock.set('2026-11-22T13:00:00.000Z');
    await runBoth(REMINDER_QUEUE);
    await runBoth(REMINDER_QUEUE);
    // The reminder is planned, not yet sent: the instance stops, a new one takes over.
    await first.close();
    first = await startInstance();
    first.clock.set('2026-11-22T13:00:00.000Z');
    for (let i = 0; i < 3; i += 1) await runBoth();
    await runBoth(REMINDER_QUEUE);
    const reminders = sentTo(standIn, phone.wa).filter(
      (m) => m.template?.name === 'agendaki_lembrete',
    );
    expect(reminders).toHaveLength(1);
  });

  it('a message job that runs again (its completion lost) sends nothing more', async () => {
    const { phone } = await bookWithPhone(first, shop, { time: '11:00' });
    for (let i = 0; i < 3; i += 1) await runBoth();
    const [row] = await listMessages(shop.profileId, phone.wa);
    await deleteJobs(database.db, WHATSAPP_QUEUE, [row!.id]);
    await sendJob(
      database.db,
      WHATSAPP_QUEUE,
      { professionalId: shop.profileId, messageId: row!.id },
      { id: row!.id },
    );
    for (let i = 0; i < 2; i += 1) await runBoth();
    expect(sentTo(standIn, phone.wa)).toHaveLength(1);
  });
});

function listMessages(professionalId: string, wa: string) {
  return database.db
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.professionalId, professionalId),
        eq(whatsappMessages.toPhone, `+${wa}`),
      ),
    );
}
