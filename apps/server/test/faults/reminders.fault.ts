import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { REMINDER_QUEUE } from '../../src/db/queues';
import { startSmtpServer } from '../helpers/smtp';
import {
  bookingRequest,
  futureSlots,
  postBooking,
  seedShop,
  sleep,
  type Shop,
} from './helpers/booking-load';
import { createFaultStore, postgresUrl, type FaultStore } from './helpers/databases';
import { startServer, type ServerProcess } from './helpers/server-process';

/**
 * E-mail reminders (docs/decisions/013-after-the-booking.md) with two server processes on one
 * PostgreSQL and one SMTP server: each reminder reaches the client exactly once, and a job run
 * again after both processes were killed sends nothing more.
 */
describe.skipIf(!postgresUrl)('reminders with two instances and a restart', () => {
  let store: FaultStore;
  let servers: ServerProcess[] = [];
  let shop: Shop;
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clients: string[] = [];
  const env = () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });

  beforeAll(async () => {
    store = await createFaultStore('postgres');
    shop = await seedShop(store, [{ name: 'Corte', price: 50, durationMinutes: 60 }]);
    smtp = await startSmtpServer();
    servers = await Promise.all([
      startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, env: env() }),
      startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, env: env() }),
    ]);
    await Promise.all(servers.map((server) => server.waitHealthy()));
    db = await store.open();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await db?.close();
    await smtp?.close();
    await store?.remove();
  });

  const reminders = (to: string) =>
    smtp.received.filter((m) => m.to.includes(to) && m.subject.startsWith('Lembrete'));

  async function makeRemindersDue() {
    await db.db.execute(sql`
      update pgboss.job set state = 'created', start_after = now() - interval '1 second',
             completed_on = null, started_on = null
       where name = ${REMINDER_QUEUE.name}
    `);
  }

  it('each reminder goes out once, whichever instance runs it', async () => {
    const slots = futureSlots(60, 60);
    for (let i = 0; i < 6; i += 1) {
      const request = bookingRequest(shop, slots.next().value!, [shop.services[0]!.id]);
      const answer = await postBooking(servers[i % 2]!.url, request);
      expect(answer.status).toBe(201);
      clients.push(request.clientEmail);
    }
    await makeRemindersDue();
    await expect
      .poll(() => clients.every((to) => reminders(to).length > 0), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);
    await sleep(5_000);
    for (const to of clients) expect(reminders(to), to).toHaveLength(1);
  }, 120_000);

  it('run again after both instances were killed, the jobs send nothing more', async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await makeRemindersDue();
    servers = [
      await startServer({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, env: env() }),
    ];
    await servers[0]!.waitHealthy();
    await expect
      .poll(
        async () => {
          const result = (await db.db.execute(sql`
            select count(*)::int as n from pgboss.job
             where name = ${REMINDER_QUEUE.name} and state <> 'completed'
          `)) as unknown as { rows: { n: number }[] };
          return result.rows[0]!.n;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(0);
    await sleep(5_000);
    for (const to of clients) expect(reminders(to), to).toHaveLength(1);
  }, 120_000);
});
