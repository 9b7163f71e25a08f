import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { QUEUE_SCHEMA } from '../db/queue';
import { QUEUES, type QueueDefinition } from '../db/queues';
import { withTimeout } from '../lib/timeout';

/** One attempt of a job, as its handler sees it. */
export interface RunningJob<T> {
  id: string;
  data: T;
  /** No retry follows if this attempt fails: the handler records the failure for good. */
  isLastAttempt: boolean;
}

export interface JobWorker<T = unknown> {
  queue: QueueDefinition;
  /** Runs one job; a throw fails the attempt, and pg-boss retries it with the queue's backoff. */
  handle(job: RunningJob<T>): Promise<void>;
  /**
   * Runs a whole batch at once, for a handler whose reads and writes gather well (the mail: one
   * read of the batch's pending mails, one write of those sent): each job's failure, in the
   * batch's order (undefined: done). A throw fails every job of the batch. Without it, `handle`
   * runs each job.
   */
  handleBatch?(jobs: ReadonlyArray<RunningJob<T>>): Promise<Array<Error | undefined>>;
  /** Seconds between looks at the queue while it is empty. */
  pollingIntervalSeconds: number;
  /** Cron (UTC): one job per tick across every instance (pg-boss's schedule). */
  cron?: string;
}

export interface JobRunner {
  /** Adds a queue's handler; before `start()`. */
  add<T>(worker: JobWorker<T>): void;
  /** Starts pg-boss: the handlers, the cron and the expiry of jobs whose worker died. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (a few seconds at most). */
  stop(): Promise<void>;
  /** Jobs waiting per queue, through pg-boss's public `getQueueSize` (for /metrics). */
  queueSizes(): Promise<{ queue: string; waiting: number }[]>;
  /** Takes the due jobs of `queue` once and runs them here, as a worker would; for tests. */
  runDue(queue: QueueDefinition): Promise<{ completed: number; failed: number }>;
}

type FetchedJob = PgBoss.JobWithMetadata<unknown>;

const toRunning = (job: FetchedJob): RunningJob<unknown> => ({
  id: job.id,
  data: job.data,
  isLastAttempt: job.retryCount >= job.retryLimit,
});

const STOP_TIMEOUT_MS = 8_000;

type JobObserver = (queue: string, outcome: { completed: number; failed: number }) => void;

/** Up to the queue's batch of due jobs; none when the database is unavailable (pg-boss's fetch). */
async function fetchBatch(boss: PgBoss, queue: QueueDefinition): Promise<FetchedJob[]> {
  const jobs = await boss.fetch(queue.name, { includeMetadata: true, batchSize: queue.batchSize });
  return (jobs ?? []) as FetchedJob[];
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Fails a handler that outlives its jobs' expiry, as pg-boss's own `work()` does. */
function withinExpiry<T>(expireInSeconds: number, task: Promise<T>): Promise<T> {
  if (!(expireInSeconds > 0)) return task;
  return withTimeout(task, expireInSeconds * 1000, () => {
    throw new Error(`handler still running after ${expireInSeconds} s`);
  });
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/**
 * Each job's failure (undefined: done), the batch's jobs run side by side: one by one, 10,000
 * reminders due in the same minute took ten minutes on two instances.
 */
async function runHandlers(
  worker: JobWorker,
  jobs: FetchedJob[],
): Promise<Array<Error | undefined>> {
  if (worker.handleBatch) {
    // One queue, one expiry: the batch's jobs share their queue's settings.
    const expiry = Math.min(...jobs.map((job) => job.expireInSeconds));
    try {
      const failures = await withinExpiry(expiry, worker.handleBatch(jobs.map(toRunning)));
      return jobs.map((_, index) => failures[index]);
    } catch (error) {
      return jobs.map(() => asError(error));
    }
  }
  return Promise.all(
    jobs.map(async (job) => {
      try {
        await withinExpiry(job.expireInSeconds, worker.handle(toRunning(job)));
        return undefined;
      } catch (error) {
        return asError(error);
      }
    }),
  );
}

/**
 * Runs a batch of fetched jobs, completing or failing each on its own: one mail's SMTP error
 * never fails the others of its batch. The jobs done are completed in one statement (pg-boss's
 * `complete` takes many ids), each failed one apart with its own message. Never throws: when the
 * database is gone before a job's outcome is recorded, the job stays active until pg-boss's
 * supervision expires it and it runs again (every handler changes nothing twice).
 */
async function runJobs(
  boss: PgBoss,
  worker: JobWorker,
  jobs: FetchedJob[],
  log: Log,
): Promise<{ completed: number; failed: number }> {
  if (jobs.length === 0) return { completed: 0, failed: 0 };
  const queue = worker.queue.name;
  const failures = await runHandlers(worker, jobs);
  const unrecorded = (error: unknown, jobIds: string[]) =>
    log.warn(
      { err: error, queue, jobIds },
      'job queue: could not record the outcome; the job runs again once it expires',
    );
  const done = jobs.filter((_, index) => !failures[index]).map((job) => job.id);
  await Promise.all([
    done.length > 0 && boss.complete(queue, done).catch((error) => unrecorded(error, done)),
    ...jobs.map((job, index) => {
      const failure = failures[index];
      if (!failure) return undefined;
      return boss
        .fail(queue, job.id, { message: failure.message })
        .catch((error) => unrecorded(error, [job.id]));
    }),
  ]);
  return { completed: done.length, failed: jobs.length - done.length };
}

interface WorkerLoop {
  /** Takes no other batch, and waits for the one in hand (a few seconds at most). */
  stop(): Promise<void>;
}

/**
 * One queue's worker: takes a batch, runs it, and looks again at once after a full batch, else
 * after the polling interval. Ours rather than pg-boss's `work()`, which records a batch's
 * outcome without awaiting it: with the database restarting, that rejection went unhandled and
 * ended the process (test/faults/postgres-restart.fault.ts).
 */
function startWorkerLoop(
  boss: PgBoss,
  worker: JobWorker,
  log: Log,
  onError: (error: unknown) => void,
  observe: JobObserver,
): WorkerLoop {
  let stopping = false;
  const idle = new AbortController();
  // Cut short by `stop()`.
  const pause = (ms: number) =>
    sleep(ms, undefined, { signal: idle.signal }).catch(() => undefined);
  const running = (async () => {
    while (!stopping) {
      let jobs: FetchedJob[] = [];
      try {
        jobs = await fetchBatch(boss, worker.queue);
        if (jobs.length > 0) observe(worker.queue.name, await runJobs(boss, worker, jobs, log));
      } catch (error) {
        onError(error);
      }
      // A full batch: more may be due (10,000 reminders in the same minute); look again at once.
      if (!stopping && jobs.length < worker.queue.batchSize) {
        await pause(worker.pollingIntervalSeconds * 1000);
      }
    }
  })();
  return {
    async stop() {
      stopping = true;
      idle.abort();
      await withTimeout(running, STOP_TIMEOUT_MS, () => undefined);
    },
  };
}

/**
 * The job queue's workers (decision 008). Building the app starts nothing: tests that build
 * many apps pay nothing for it, and on PGlite no poller shares the connection until
 * server.ts calls `start()`. On PostgreSQL pg-boss opens its own small pool, so its polling
 * never takes a connection a request is waiting for; on PGlite it shares the one connection.
 */
export function createJobRunner(options: {
  database: Database;
  log: FastifyBaseLogger;
  /** Told each batch's outcome (the metrics). */
  observe?: JobObserver;
}): JobRunner {
  const { database, log } = options;
  const observe: JobObserver = options.observe ?? (() => {});
  /** Never started: fetch, complete, fail and counts only, on the app's own connection. */
  const idleClient = () =>
    new PgBoss({
      db: database.queue,
      schema: QUEUE_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
    });
  let counter: PgBoss | undefined;
  const workers = new Map<string, JobWorker>();
  const loops: WorkerLoop[] = [];
  let boss: PgBoss | undefined;

  function onError(error: unknown): void {
    log.warn({ err: error }, 'job queue: database unavailable or query failed; will try again');
  }

  return {
    add(worker) {
      workers.set(worker.queue.name, worker as JobWorker);
    },

    async start() {
      if (boss) return;
      const connection =
        database.kind === 'postgres' && database.url
          ? { connectionString: database.url, max: 3, application_name: 'agendaki-jobs' }
          : { db: database.queue };
      const started = new PgBoss({
        ...connection,
        schema: QUEUE_SCHEMA,
        // db/migrate.ts installed the schema and the queues already.
        migrate: false,
        // How soon a job whose worker was killed is failed by expiry and retried.
        maintenanceIntervalSeconds: 60,
      });
      started.on('error', onError);
      boss = started;
      await started.start();
      for (const worker of workers.values()) {
        loops.push(startWorkerLoop(started, worker, log, onError, observe));
        if (worker.cron) await started.schedule(worker.queue.name, worker.cron);
      }
    },

    async stop() {
      const running = boss;
      boss = undefined;
      // The workers first: each finishes the batch in hand and takes no other.
      await Promise.all(loops.splice(0).map((loop) => loop.stop()));
      await running?.stop({ graceful: true, close: true, timeout: STOP_TIMEOUT_MS });
    },

    async runDue(queue) {
      const worker = workers.get(queue.name);
      if (!worker) throw new Error(`no handler for the queue ${queue.name}`);
      const client = idleClient();
      const outcome = await runJobs(client, worker, await fetchBatch(client, worker.queue), log);
      observe(queue.name, outcome);
      return outcome;
    },

    async queueSizes() {
      counter ??= idleClient();
      const client = counter;
      const sizes = [];
      for (const queue of QUEUES) {
        sizes.push({ queue: queue.name, waiting: (await client.getQueueSize(queue.name)) ?? 0 });
      }
      return sizes;
    },
  };
}

/** `app.jobs`; closing the app stops the workers before the database closes (preClose). */
export function registerJobs(
  app: FastifyInstance,
  options: { database: Database; observe?: JobObserver },
): void {
  const runner = createJobRunner({ ...options, log: app.log });
  app.decorate('jobs', runner);
  app.addHook('preClose', () => runner.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}
