import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createProfessional } from '../../../test/helpers/factories';
import {
  bookingCodes,
  bookingPowUses,
  bookingRequests,
  mailOutbox,
  manageRequests,
  pixWebhookEvents,
  rateLimits,
  session,
  user,
  verification,
  whatsappInbound,
} from '../../db/schema';
import { sendJob } from '../../db/queue';
import { PURGE_QUEUE } from '../../db/queues';
import { createFixedClock } from '../../lib/clock';
import { PURGE_CRON } from './job';
import { purgeExpiredRows } from './service';

const DAY = 24 * 60 * 60_000;
let ctx: TestContext;
let now: Date;
let profileId: string;
let userId: string;

const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const tag = () => randomUUID().slice(0, 8);
/** The purge at the test's fixed `now`. */
const deps = () => ({ db: ctx.database.db, clock: createFixedClock(now) });

beforeAll(async () => {
  ctx = await createTestApp();
  now = ctx.clock.now();
  const professional = await createProfessional(ctx.database.db);
  profileId = professional.profile.id;
  userId = professional.userId;
});
afterAll(async () => {
  await ctx.close();
});

async function insertRateLimit(resetAt: Date): Promise<string> {
  const key = `test:${tag()}`;
  await ctx.database.db.insert(rateLimits).values({ key, count: 3, resetAt });
  return key;
}

async function insertBookingRequest(createdAt: Date): Promise<string> {
  const [row] = await ctx.database.db
    .insert(bookingRequests)
    .values({
      professionalId: profileId,
      idempotencyKey: randomUUID(),
      requestFingerprint: 'f'.repeat(64),
      createdAt,
    })
    .returning({ id: bookingRequests.id });
  return row!.id;
}

async function insertManageRequest(createdAt: Date): Promise<string> {
  const [row] = await ctx.database.db
    .insert(manageRequests)
    .values({
      professionalId: profileId,
      bookingId: randomUUID(),
      idempotencyKey: randomUUID(),
      requestFingerprint: 'f'.repeat(64),
      createdAt,
    })
    .returning({ id: manageRequests.id });
  return row!.id;
}

async function insertPowUse(expiresAt: Date): Promise<string> {
  const signature = randomUUID().replace(/-/g, '');
  await ctx.database.db
    .insert(bookingPowUses)
    .values({ signature, idempotencyKey: randomUUID(), expiresAt });
  return signature;
}

async function insertBookingCode(expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await ctx.database.db
    .insert(bookingCodes)
    .values({ id, professionalId: profileId, codeHash: 'c'.repeat(64), request: {}, expiresAt });
  return id;
}

async function insertPixWebhookEvent(receivedAt: Date): Promise<string> {
  const eventId = randomUUID();
  await ctx.database.db
    .insert(pixWebhookEvents)
    .values({ professionalId: profileId, eventId, chargeId: '123456789', receivedAt });
  return eventId;
}

async function insertWhatsappAnswer(receivedAt: Date): Promise<string> {
  const waMessageId = `wamid.${randomUUID()}`;
  await ctx.database.db
    .insert(whatsappInbound)
    .values({ professionalId: profileId, waMessageId, receivedAt });
  return waMessageId;
}

async function insertMail(values: {
  status: 'pending' | 'sent' | 'failed';
  createdAt: Date;
  sentAt?: Date;
}): Promise<string> {
  const [row] = await ctx.database.db
    .insert(mailOutbox)
    .values({
      toAddress: `cliente-${tag()}@exemplo.com.br`,
      subject: 'Agendamento confirmado',
      html: '<p>Olá</p>',
      text: 'Olá',
      attempts: values.status === 'pending' ? 3 : 1,
      ...values,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

async function insertSession(expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await ctx.database.db
    .insert(session)
    .values({ id, token: randomUUID(), userId, expiresAt, createdAt: ago(40 * DAY) });
  return id;
}

async function insertVerification(expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await ctx.database.db
    .insert(verification)
    .values({ id, identifier: `verify-email:${tag()}`, value: userId, expiresAt });
  return id;
}

const remainingRateLimits = async (keys: string[]) =>
  (
    await ctx.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, keys))
  ).map((r) => r.key);

async function remainingIds(
  table:
    | typeof bookingRequests
    | typeof manageRequests
    | typeof mailOutbox
    | typeof session
    | typeof verification
    | typeof bookingCodes,
  ids: string[],
): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids));
  return rows.map((r) => r.id).sort();
}

describe('purgeExpiredRows', () => {
  it('deletes what expired and keeps what is recent, live or unsent', async () => {
    const rate = {
      ended: await insertRateLimit(ago(1_000)),
      endsNow: await insertRateLimit(now),
      live: await insertRateLimit(ahead(60_000)),
    };
    const requests = {
      old: await insertBookingRequest(ago(31 * DAY)),
      recent: await insertBookingRequest(ago(29 * DAY)),
    };
    const manage = {
      old: await insertManageRequest(ago(31 * DAY)),
      recent: await insertManageRequest(ago(29 * DAY)),
    };
    const deliveries = {
      old: await insertPixWebhookEvent(ago(31 * DAY)),
      recent: await insertPixWebhookEvent(ago(29 * DAY)),
    };
    const answers = {
      old: await insertWhatsappAnswer(ago(31 * DAY)),
      recent: await insertWhatsappAnswer(ago(29 * DAY)),
    };
    const mail = {
      sentOld: await insertMail({
        status: 'sent',
        createdAt: ago(32 * DAY),
        sentAt: ago(31 * DAY),
      }),
      sentRecent: await insertMail({
        status: 'sent',
        createdAt: ago(29 * DAY),
        sentAt: ago(29 * DAY),
      }),
      failedOld: await insertMail({ status: 'failed', createdAt: ago(31 * DAY) }),
      failedRecent: await insertMail({ status: 'failed', createdAt: ago(2 * DAY) }),
      // Never sent, however old: it stays until the worker sends it or gives up.
      pendingOld: await insertMail({ status: 'pending', createdAt: ago(90 * DAY) }),
    };
    const sessions = {
      expired: await insertSession(ago(1_000)),
      live: await insertSession(ahead(DAY)),
    };
    const tokens = {
      expired: await insertVerification(ago(1_000)),
      live: await insertVerification(ahead(60 * 60_000)),
    };

    const pow = {
      expired: await insertPowUse(ago(1_000)),
      live: await insertPowUse(ahead(60_000)),
    };
    const codes = {
      old: await insertBookingCode(ago(DAY + 1_000)),
      recent: await insertBookingCode(ago(60_000)),
    };

    const result = await purgeExpiredRows(deps());

    expect(result).toEqual({
      bookingPowUses: 1,
      bookingCodes: 1,
      rateLimits: 2,
      signInThrottles: 0,
      bookingRequests: 1,
      manageRequests: 1,
      pixWebhookEvents: 1,
      finishedMail: 2,
      sessions: 1,
      verifications: 1,
      whatsappInbound: 1,
    });
    expect(await remainingRateLimits(Object.values(rate))).toEqual([rate.live]);
    expect(await remainingIds(bookingRequests, Object.values(requests))).toEqual([requests.recent]);
    expect(await remainingIds(manageRequests, Object.values(manage))).toEqual([manage.recent]);
    const powLeft = await ctx.database.db
      .select({ signature: bookingPowUses.signature })
      .from(bookingPowUses)
      .where(inArray(bookingPowUses.signature, Object.values(pow)));
    expect(powLeft.map((r) => r.signature)).toEqual([pow.live]);
    expect(await remainingIds(bookingCodes, Object.values(codes))).toEqual([codes.recent]);
    const deliveriesLeft = await ctx.database.db
      .select({ eventId: pixWebhookEvents.eventId })
      .from(pixWebhookEvents)
      .where(inArray(pixWebhookEvents.eventId, Object.values(deliveries)));
    expect(deliveriesLeft.map((row) => row.eventId)).toEqual([deliveries.recent]);
    // WhatsApp answers applied a month ago: no replay can come any more (Meta stops in days).
    const answersLeft = await ctx.database.db
      .select({ id: whatsappInbound.waMessageId })
      .from(whatsappInbound)
      .where(inArray(whatsappInbound.waMessageId, Object.values(answers)));
    expect(answersLeft.map((row) => row.id)).toEqual([answers.recent]);
    expect(await remainingIds(mailOutbox, Object.values(mail))).toEqual(
      [mail.sentRecent, mail.failedRecent, mail.pendingOld].sort(),
    );
    expect(await remainingIds(session, Object.values(sessions))).toEqual([sessions.live]);
    expect(await remainingIds(verification, Object.values(tokens))).toEqual([tokens.live]);
    // The user and the professional whose rows went are untouched.
    expect(
      await ctx.database.db
        .select()
        .from(user)
        .where(inArray(user.id, [userId])),
    ).toHaveLength(1);

    // Nothing left to do: a second run deletes nothing.
    expect(Object.values(await purgeExpiredRows(deps()))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('works in small batches, and stops at the per-run cap', async () => {
    const keys = await Promise.all(Array.from({ length: 7 }, () => insertRateLimit(ago(DAY))));

    const capped = await purgeExpiredRows(deps(), { batchSize: 3, maxBatches: 2 });
    expect(capped.rateLimits).toBe(6);
    expect(await remainingRateLimits(keys)).toHaveLength(1);

    const rest = await purgeExpiredRows(deps(), { batchSize: 3 });
    expect(rest.rateLimits).toBe(1);
    expect(await remainingRateLimits(keys)).toEqual([]);
  });

  it('two instances purging at once delete each row once, without errors', async () => {
    const keys = await Promise.all(Array.from({ length: 12 }, () => insertRateLimit(ago(DAY))));
    const ids = await Promise.all(
      Array.from({ length: 12 }, () => insertBookingRequest(ago(40 * DAY))),
    );

    const results = await Promise.all([
      purgeExpiredRows(deps(), { batchSize: 2 }),
      purgeExpiredRows(deps(), { batchSize: 2 }),
    ]);

    expect(results[0]!.rateLimits + results[1]!.rateLimits).toBe(12);
    expect(results[0]!.bookingRequests + results[1]!.bookingRequests).toBe(12);
    expect(await remainingRateLimits(keys)).toEqual([]);
    expect(await remainingIds(bookingRequests, ids)).toEqual([]);
  });
});

describe('the purge job', () => {
  const runPurge = async () => {
    await sendJob(ctx.database.db, PURGE_QUEUE, {});
    return ctx.app.jobs.runDue(PURGE_QUEUE);
  };

  it('asks the app clock for "now": rows go once the clock passes their retention', async () => {
    const request = await insertBookingRequest(now);
    const mail = await insertMail({ status: 'sent', createdAt: now, sentAt: now });

    expect(await runPurge()).toEqual({ completed: 1, failed: 0 });
    expect(await remainingIds(bookingRequests, [request])).toEqual([request]);
    expect(await remainingIds(mailOutbox, [mail])).toEqual([mail]);

    ctx.clock.advance(30 * DAY + 1_000);
    try {
      expect(await runPurge()).toEqual({ completed: 1, failed: 0 });
      expect(await remainingIds(bookingRequests, [request])).toEqual([]);
      expect(await remainingIds(mailOutbox, [mail])).toEqual([]);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('is scheduled hourly by cron once the workers start, and the started worker runs it', async () => {
    const schedules = async () =>
      (
        (await ctx.database.db.execute(
          sql`select name, cron from pgboss.schedule where name = ${PURGE_QUEUE.name}`,
        )) as unknown as { rows: Array<{ name: string; cron: string }> }
      ).rows;
    expect(await schedules()).toEqual([]);
    // A tick of the cron is a job like this one: the started worker takes it by itself.
    const expired = await insertRateLimit(ago(1_000));
    await sendJob(ctx.database.db, PURGE_QUEUE, {});

    await ctx.app.jobs.start();
    try {
      expect(await schedules()).toEqual([{ name: PURGE_QUEUE.name, cron: PURGE_CRON }]);
      await expect
        .poll(() => remainingRateLimits([expired]), { timeout: 10_000, interval: 250 })
        .toEqual([]);
    } finally {
      await ctx.app.jobs.stop();
    }

    // Stopped: a job sent now waits for the next start.
    const afterStop = await insertRateLimit(ago(1_000));
    await sendJob(ctx.database.db, PURGE_QUEUE, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await remainingRateLimits([afterStop])).toEqual([afterStop]);
  });
});
