import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { QUEUE_SCHEMA, queueConnection } from '../db/queue';
import type { QueueDefinition } from '../db/queues';

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
/**
 * Jobs taken per look; each still succeeds or fails on its own (`runJobs`). After a full batch
 * the worker looks again at once, so a backlog drains at the handlers' pace.
 */
const BATCH_SIZE = 10;

/**
 * Runs a batch of fetched jobs side by side, completing or failing each on its own: one mail's
 * SMTP error never fails the others of its batch. Side by side because a handler mostly waits
 * (the database, the SMTP server); one by one, 10,000 reminders due in the same minute took
 * ten minutes on two instances. (pg-boss's own completion of the batch afterwards finds none
 * active.)
 */
async function runJobs(
  boss: PgBoss,
  worker: JobWorker,
  jobs: FetchedJob[],
): Promise<{ completed: number; failed: number }> {
  const outcomes = await Promise.all(
    jobs.map(async (job) => {
      try {
        await worker.handle(toRunning(job));
        await boss.complete(worker.queue.name, job.id);
        return 'completed' as const;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await boss.fail(worker.queue.name, job.id, { message });
        return 'failed' as const;
      }
    }),
  );
  const completed = outcomes.filter((outcome) => outcome === 'completed').length;
  return { completed, failed: outcomes.length - completed };
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
}): JobRunner {
  const { database, log } = options;
  const workers = new Map<string, JobWorker>();
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
          : { db: queueConnection(database.db) };
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
        // Set once work() answers; the first batch cannot arrive before (its fetch awaits I/O).
        const self: { workerId?: string } = {};
        self.workerId = await started.work(
          worker.queue.name,
          {
            includeMetadata: true,
            batchSize: BATCH_SIZE,
            pollingIntervalSeconds: worker.pollingIntervalSeconds,
          },
          async (jobs) => {
            await runJobs(started, worker, jobs);
            // A full batch: more may be due (10,000 reminders in the same minute). Look again at
            // once; pg-boss would otherwise wait the polling interval between batches, and a
            // backlog would drain at 10 jobs per 15 s.
            if (jobs.length >= BATCH_SIZE && self.workerId) started.notifyWorker(self.workerId);
          },
        );
        if (worker.cron) await started.schedule(worker.queue.name, worker.cron);
      }
    },

    async stop() {
      const running = boss;
      boss = undefined;
      await running?.stop({ graceful: true, close: true, timeout: STOP_TIMEOUT_MS });
    },

    async runDue(queue) {
      const worker = workers.get(queue.name);
      if (!worker) throw new Error(`no handler for the queue ${queue.name}`);
      // Never started: only its fetch, complete and fail, on the app's own connection.
      const client = new PgBoss({
        db: queueConnection(database.db),
        schema: QUEUE_SCHEMA,
        migrate: false,
        supervise: false,
        schedule: false,
      });
      const jobs = (await client.fetch(queue.name, {
        includeMetadata: true,
        batchSize: BATCH_SIZE,
      })) as FetchedJob[];
      return runJobs(client, worker, jobs);
    },
  };
}

/** `app.jobs`; closing the app stops the workers before the database closes (preClose). */
export function registerJobs(app: FastifyInstance, options: { database: Database }): void {
  const runner = createJobRunner({ database: options.database, log: app.log });
  app.decorate('jobs', runner);
  app.addHook('preClose', () => runner.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}
