import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import {
  cancelJobAt,
  installQueues,
  jobIdFor,
  rescheduleJobAt,
  sendJob,
  sendJobAt,
  sendJobs,
  type JobToSend,
} from '../src/db/queue';
import type { QueueDefinition } from '../src/db/queues';
import { createJobRunner, type RunningJob } from '../src/plugins/jobs';
import { createTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { findJob, makeJobsDue } from './helpers/jobs';
import { countStatements } from './helpers/statements';

/**
 * The queue's generic API (db/queue.ts, plugins/jobs.ts) on a queue of its own: what the
 * reminder and deposit-deadline features build on. Real pg-boss on the real database.
 */
const REMINDERS: QueueDefinition = {
  name: 'test-reminders',
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: 60,
  batchSize: 10,
};

/** A queue of its own for the batch test, so no other test's due job joins its batch. */
const BATCH: QueueDefinition = { ...REMINDERS, name: 'test-batch' };
/** A queue of its own that takes 3 jobs a look. */
const SMALL_BATCH: QueueDefinition = { ...REMINDERS, name: 'test-small-batch', batchSize: 3 };
/** A queue of its own for the completion test. */
const COMPLETED: QueueDefinition = { ...REMINDERS, name: 'test-completed' };
/** Jobs that expire after a second: a handler still running then has failed. */
const SHORT: QueueDefinition = { ...REMINDERS, name: 'test-short', expireInSeconds: 1 };
/** A queue with settings of its own, for the jobs sent together with a reminder. */
const BATCHED: QueueDefinition = {
  ...REMINDERS,
  name: 'test-batched',
  retryLimit: 5,
  expireInSeconds: 30,
};

let database: Database;
const handled: Array<RunningJob<unknown>> = [];
let failNext = false;

const runner = () => {
  const jobs = createJobRunner({ database, log: silentLog });
  jobs.add({
    queue: REMINDERS,
    pollingIntervalSeconds: 0.5,
    async handle(job) {
      handled.push(job);
      if (failNext) {
        failNext = false;
        throw new Error('falhou');
      }
    },
  });
  return jobs;
};

const silentLog = {
  warn: () => {},
  error: () => {},
  info: () => {},
} as unknown as Parameters<typeof createJobRunner>[0]['log'];

const inAnHour = () => new Date(Date.now() + 60 * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  await installQueues(database.queue, [REMINDERS, BATCH, SMALL_BATCH, SHORT, BATCHED, COMPLETED]);
});
afterAll(async () => {
  await database.close();
});

describe('sending inside the caller’s transaction', () => {
  it('a job sent in a transaction that rolls back does not exist; committed, it does', async () => {
    const id = jobIdFor(REMINDERS, 'rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await sendJob(tx, REMINDERS, { n: 1 }, { id });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await findJob(database.db, REMINDERS, id)).toBeUndefined();

    await database.db.transaction((tx) => sendJob(tx, REMINDERS, { n: 2 }, { id }));
    expect(await findJob(database.db, REMINDERS, id)).toMatchObject({
      state: 'created',
      data: { n: 2 },
    });
    await cancelJobAt(database.db, REMINDERS, 'rollback');
  });
});

describe('several jobs sent at once (pg-boss insert)', () => {
  it('sends the jobs of several queues in one statement, with their queue settings, if and only if the transaction commits', async () => {
    const statements = countStatements(database);
    const at = inAnHour();
    const key = `batched-${crypto.randomUUID()}`;
    const mailId = crypto.randomUUID();
    const jobs: JobToSend[] = [
      {
        queue: REMINDERS,
        data: { kind: 'reminder' },
        id: jobIdFor(REMINDERS, key),
        startAfter: at,
      },
      { queue: BATCHED, data: { kind: 'mail' }, id: mailId },
    ];

    await expect(
      database.db.transaction(async (tx) => {
        await sendJobs(tx, jobs);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await findJob(database.db, BATCHED, mailId)).toBeUndefined();
    expect(await findJob(database.db, REMINDERS, jobIdFor(REMINDERS, key))).toBeUndefined();

    const sent = await statements.measure(() =>
      database.db.transaction((tx) => sendJobs(tx, jobs)),
    );
    expect(sent).toBeLessThanOrEqual(3); // BEGIN, pg-boss's insert, COMMIT
    const reminder = (await findJob(database.db, REMINDERS, jobIdFor(REMINDERS, key)))!;
    expect(reminder).toMatchObject({ state: 'created', data: { kind: 'reminder' } });
    expect(reminder.startAfter.toISOString()).toBe(at.toISOString());
    const mail = (await findJob(database.db, BATCHED, mailId))!;
    expect(mail).toMatchObject({ state: 'created', data: { kind: 'mail' } });
    expect(mail.startAfter.getTime()).toBeLessThanOrEqual(mail.now.getTime());
    const settings = (await database.db.execute(sql`
      select name, retry_limit as "retryLimit", extract(epoch from expire_in)::int as "expireSeconds"
        from pgboss.job where id in (${reminder.id}, ${mailId}) order by name`)) as unknown as {
      rows: { name: string; retryLimit: number; expireSeconds: number }[];
    };
    expect(settings.rows).toEqual([
      { name: BATCHED.name, retryLimit: 5, expireSeconds: 30 },
      { name: REMINDERS.name, retryLimit: 2, expireSeconds: 60 },
    ]);

    // Sent again under the same ids: the kept jobs stay as they are.
    await database.db.transaction((tx) =>
      sendJobs(tx, [{ ...jobs[0]!, data: { kind: 'other' }, startAfter: new Date() }]),
    );
    expect(await findJob(database.db, REMINDERS, reminder.id)).toMatchObject({
      data: { kind: 'reminder' },
    });
    await cancelJobAt(database.db, REMINDERS, key);
  });
});

describe('a job at a given time, once per key', () => {
  it('the key gives one stable, valid job id per queue', () => {
    const id = jobIdFor(REMINDERS, 'appointment:42');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor(REMINDERS, 'appointment:42')).toBe(id);
    expect(jobIdFor(REMINDERS, 'appointment:43')).not.toBe(id);
    expect(jobIdFor({ ...REMINDERS, name: 'other' }, 'appointment:42')).not.toBe(id);
  });

  it('is due at its time, sent once however often, cancelled and moved by key', async () => {
    const at = inAnHour();
    expect(await sendJobAt(database.db, REMINDERS, 'a1', at, { appointmentId: 'a1' })).toBe(true);
    // The same key again (a retried request, another instance): nothing new.
    expect(await sendJobAt(database.db, REMINDERS, 'a1', new Date(), { other: true })).toBe(false);
    const id = jobIdFor(REMINDERS, 'a1');
    const job = (await findJob(database.db, REMINDERS, id))!;
    expect(job).toMatchObject({ state: 'created', data: { appointmentId: 'a1' } });
    expect(job.startAfter.toISOString()).toBe(at.toISOString());

    // Not due: a worker takes nothing.
    handled.length = 0;
    expect(await runner().runDue(REMINDERS)).toEqual({ completed: 0, failed: 0 });

    // Moved (the appointment changed time), inside a transaction with the change.
    const later = new Date(at.getTime() + 30 * 60_000);
    await database.db.transaction((tx) =>
      rescheduleJobAt(tx, REMINDERS, 'a1', later, { appointmentId: 'a1', v: 2 }),
    );
    const moved = (await findJob(database.db, REMINDERS, id))!;
    expect(moved.startAfter.toISOString()).toBe(later.toISOString());
    expect(moved).toMatchObject({ state: 'created', data: { appointmentId: 'a1', v: 2 } });

    // Cancelled (the appointment was cancelled): never runs, even when its time comes.
    expect(await cancelJobAt(database.db, REMINDERS, 'a1')).toBe(true);
    expect(await cancelJobAt(database.db, REMINDERS, 'a1')).toBe(false);
    expect(await findJob(database.db, REMINDERS, id)).toMatchObject({ state: 'cancelled' });
    await makeJobsDue(database.db, REMINDERS);
    expect(await runner().runDue(REMINDERS)).toEqual({ completed: 0, failed: 0 });

    // A cancelled job can be scheduled again by moving it.
    await rescheduleJobAt(database.db, REMINDERS, 'a1', new Date(Date.now() - 1_000), {
      appointmentId: 'a1',
    });
    expect(await runner().runDue(REMINDERS)).toEqual({ completed: 1, failed: 0 });
    expect(handled.map((j) => j.id)).toContain(id);
  });

  it('a failed attempt is retried by pg-boss; the last one knows it is the last', async () => {
    handled.length = 0;
    await sendJobAt(database.db, REMINDERS, 'retry', new Date(Date.now() - 1_000), {});
    const id = jobIdFor(REMINDERS, 'retry');
    const jobs = runner();
    for (let attempt = 0; attempt <= REMINDERS.retryLimit; attempt += 1) {
      failNext = true;
      expect(await jobs.runDue(REMINDERS)).toEqual({ completed: 0, failed: 1 });
      await makeJobsDue(database.db, REMINDERS);
    }
    expect(handled.map((j) => j.isLastAttempt)).toEqual([false, false, true]);
    expect(await findJob(database.db, REMINDERS, id)).toMatchObject({ state: 'failed' });
  });
});

describe('a batch of due jobs', () => {
  it('runs side by side, and one failing fails only itself', async () => {
    const due = new Date(Date.now() - 1_000);
    for (const n of ['a', 'b', 'c']) await sendJobAt(database.db, BATCH, n, due, { n });
    let started = 0;
    let everyoneStarted = () => {};
    const allStarted = new Promise<void>((resolve) => (everyoneStarted = resolve));
    const jobs = createJobRunner({ database, log: silentLog });
    jobs.add({
      queue: BATCH,
      pollingIntervalSeconds: 60,
      async handle(job) {
        started += 1;
        if (started === 3) everyoneStarted();
        // One by one, the first job would wait here for the others and time out.
        const timeout = new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the batch ran one by one')), 5_000),
        );
        await Promise.race([allStarted, timeout]);
        if ((job.data as { n: string }).n === 'b') throw new Error('falhou');
      },
    });
    expect(await jobs.runDue(BATCH)).toEqual({ completed: 2, failed: 1 });
    const states = await Promise.all(
      ['a', 'b', 'c'].map(
        async (n) => (await findJob(database.db, BATCH, jobIdFor(BATCH, n)))?.state,
      ),
    );
    expect(states).toEqual(['completed', 'retry', 'completed']);
  });

  it("takes its queue's batch size a look, and the rest at the next", async () => {
    const due = new Date(Date.now() - 1_000);
    const names = ['h', 'i', 'j', 'k', 'l'];
    for (const n of names) await sendJobAt(database.db, SMALL_BATCH, n, due, { n });
    const jobs = createJobRunner({ database, log: silentLog });
    jobs.add({ queue: SMALL_BATCH, pollingIntervalSeconds: 60, async handle() {} });
    expect(await jobs.runDue(SMALL_BATCH)).toEqual({ completed: 3, failed: 0 });
    expect(await jobs.runDue(SMALL_BATCH)).toEqual({ completed: 2, failed: 0 });
    expect(await jobs.runDue(SMALL_BATCH)).toEqual({ completed: 0, failed: 0 });
  });

  it('completes the jobs done in one statement, and fails each failed one apart', async () => {
    const due = new Date(Date.now() - 1_000);
    for (const n of ['d', 'e', 'f', 'g']) await sendJobAt(database.db, COMPLETED, n, due, { n });
    const jobs = createJobRunner({ database, log: silentLog });
    jobs.add({
      queue: COMPLETED,
      pollingIntervalSeconds: 60,
      async handle(job) {
        if ((job.data as { n: string }).n === 'f') throw new Error('falhou');
      },
    });
    const statements = countStatements(database);
    let outcome: unknown;
    // pg-boss's fetch, one completion for d, e and g, the failure of f.
    expect(
      await statements.measure(async () => {
        outcome = await jobs.runDue(COMPLETED);
      }),
    ).toBe(3);
    expect(outcome).toEqual({ completed: 3, failed: 1 });
    const states = await Promise.all(
      ['d', 'e', 'f', 'g'].map(
        async (n) => (await findJob(database.db, COMPLETED, jobIdFor(COMPLETED, n)))?.state,
      ),
    );
    expect(states).toEqual(['completed', 'completed', 'retry', 'completed']);
  });
});

describe('a handler that outlives its job', () => {
  it("fails the attempt at the job's expiry, so pg-boss retries it", async () => {
    await sendJobAt(database.db, SHORT, 'slow', new Date(Date.now() - 1_000), {});
    const jobs = createJobRunner({ database, log: silentLog });
    jobs.add({
      queue: SHORT,
      pollingIntervalSeconds: 60,
      handle: () => new Promise((resolve) => setTimeout(resolve, 4_000)),
    });
    const started = Date.now();
    expect(await jobs.runDue(SHORT)).toEqual({ completed: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await findJob(database.db, SHORT, jobIdFor(SHORT, 'slow'))).toMatchObject({
      state: 'retry',
    });
  });
});

describe('the started runner', () => {
  it('takes due jobs by itself, leaves future ones, and stops with the app', async () => {
    handled.length = 0;
    const ctx = await createTestApp({ database });
    ctx.app.jobs.add({
      queue: REMINDERS,
      pollingIntervalSeconds: 0.5,
      handle: async (job) => {
        handled.push(job);
      },
    });
    try {
      await ctx.app.jobs.start();
      await sendJobAt(database.db, REMINDERS, 'now', new Date(Date.now() + 500), { n: 'now' });
      await sendJobAt(database.db, REMINDERS, 'later', inAnHour(), { n: 'later' });
      await expect
        .poll(() => handled.map((j) => j.data), { timeout: 10_000 })
        .toEqual([{ n: 'now' }]);
      // pg-boss records the completion just after the handler returns: wait for it.
      await expect
        .poll(
          async () => (await findJob(database.db, REMINDERS, jobIdFor(REMINDERS, 'now')))?.state,
          {
            timeout: 10_000,
          },
        )
        .toBe('completed');
    } finally {
      await ctx.close();
    }
    // Closed: a job due now stays waiting.
    await sendJobAt(database.db, REMINDERS, 'after-close', new Date(Date.now() - 1_000), {});
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await findJob(database.db, REMINDERS, jobIdFor(REMINDERS, 'after-close'))).toMatchObject(
      { state: 'created' },
    );
  });

  it('drains a backlog batch after batch, without waiting the polling interval between them', async () => {
    const backlog: string[] = [];
    const ctx = await createTestApp({ database });
    ctx.app.jobs.add({
      queue: REMINDERS,
      // Between two looks at an empty queue; a backlog must not wait it out per batch of 10.
      pollingIntervalSeconds: 120,
      handle: async (job) => {
        const { n } = job.data as { n?: string };
        if (n?.startsWith('backlog-')) backlog.push(n);
      },
    });
    const due = new Date(Date.now() - 1_000);
    for (let i = 0; i < 35; i += 1) {
      await sendJobAt(database.db, REMINDERS, `backlog-${i}`, due, { n: `backlog-${i}` });
    }
    try {
      await ctx.app.jobs.start();
      // 4 batches: with a wait between them this would take 6 minutes, not 30 s.
      await expect.poll(() => backlog.length, { timeout: 30_000, interval: 200 }).toBe(35);
      expect(new Set(backlog).size).toBe(35);
    } finally {
      await ctx.close();
    }
  });
});
