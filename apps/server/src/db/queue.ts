import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db } from './client';
import type { QueueDefinition } from './queues';

/**
 * The job queue's storage and its sending side (decision 008): pg-boss 10 in the `pgboss`
 * schema of our own database. Jobs are sent with the caller's connection, so a job sent inside
 * a transaction exists if and only if that transaction commits. plugins/jobs.ts runs them.
 */
export const QUEUE_SCHEMA = 'pgboss';

/** What PGlite, a PGlite transaction, a node-postgres pool and a pooled client have in common. */
interface SqlClient {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
  /** PGlite only: several statements in one string (pg-boss sends its locked commands so). */
  exec?(text: string): Promise<Array<{ rows: unknown[]; affectedRows?: number }>>;
  /** PGlite only (not inside a transaction): holds the one connection, rolls back on error. */
  transaction?<T>(run: (tx: SqlClient) => Promise<T>): Promise<T>;
}

async function execAll(client: SqlClient, text: string) {
  // pg-boss wraps its maintenance in BEGIN … COMMIT. Should a statement fail, PGlite's one
  // connection would stay in the aborted transaction, and every query of the app with it:
  // run inside PGlite's own transaction, which rolls back on error (the inner BEGIN and
  // COMMIT only warn).
  if (client.transaction) return client.transaction((tx) => tx.exec!(text));
  return client.exec!(text);
}

/** pg-boss's `db` option over a driver client: its SQL runs on exactly that connection. */
export function queueConnectionOf(client: SqlClient): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values === undefined && client.exec) {
        const results = await execAll(client, text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
  };
}

/**
 * pg-boss's `db` option over a drizzle database or transaction, through drizzle's public
 * `execute`: a job sent with a transaction commits or rolls back with it. drizzle gives no
 * public access to a transaction's connection, so pg-boss's `$n` parameters become drizzle
 * parameters (`sql.param`) of the same statement, in pg-boss's own text.
 */
export function queueConnection(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const query = sql.join(
        // split() with a group: the text between parameters at even indices, their numbers at odd.
        text
          .split(/\$(\d+)/)
          .map((part, index) =>
            index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
          ),
      );
      const result = (await db.execute(query)) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

const queueOptions = (queue: QueueDefinition) => ({
  name: queue.name,
  policy: 'standard' as const,
  retryLimit: queue.retryLimit,
  retryDelay: queue.retryDelay,
  retryBackoff: queue.retryBackoff,
  expireInSeconds: queue.expireInSeconds,
});

/**
 * Installs or upgrades pg-boss's schema with its own versioned installer (idempotent, safe for
 * instances starting at once), then creates the queues and applies their current settings.
 * db/migrate.ts runs it after our migrations.
 */
export async function installQueues(
  connection: PgBoss.Db,
  queues: readonly QueueDefinition[],
): Promise<void> {
  const installer = new PgBoss({
    db: connection,
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await installer.start();
  try {
    for (const queue of queues) {
      await installer.createQueue(queue.name, queueOptions(queue));
      await installer.updateQueue(queue.name, queueOptions(queue));
    }
  } finally {
    await installer.stop({ graceful: false, close: false });
  }
}

// Sending needs pg-boss's SQL, never a connection of its own: every call passes the caller's.
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('pass a connection to each call')) },
  schema: QUEUE_SCHEMA,
  migrate: false,
  supervise: false,
  schedule: false,
});

export interface SendOptions {
  /** A second send with the same id is dropped while pg-boss keeps the first job. */
  id?: string;
  /** Not run before this moment (the database's clock decides). */
  startAfter?: Date;
}

/**
 * Sends a job with `db`: pass the transaction of the change that causes it. Returns its id, or
 * null when a job with that id is already kept.
 */
export async function sendJob(
  db: Db,
  queue: QueueDefinition,
  data: object,
  options: SendOptions = {},
): Promise<string | null> {
  return sender.send(queue.name, data, { ...options, db: queueConnection(db) });
}

/** A job to send: its queue, its data and, optionally, its id and its first moment. */
export interface JobToSend {
  queue: QueueDefinition;
  data: object;
  /** A job whose id pg-boss still keeps is not sent again. */
  id?: string;
  /** Not run before this moment (the database's clock decides). */
  startAfter?: Date;
}

/**
 * Sends several jobs, of one queue or several, in one statement (pg-boss's `insert`, which
 * takes each queue's retry and expiry settings from its row, as `send` does). A job whose id is
 * already kept is skipped.
 */
export async function sendJobs(db: Db, jobs: readonly JobToSend[]): Promise<void> {
  if (jobs.length === 0) return;
  await sender.insert(toPgBoss(jobs), { db: queueConnection(db) });
}

function toPgBoss(jobs: readonly JobToSend[]): PgBoss.JobInsert[] {
  return jobs.map(({ queue, data, id, startAfter }) => ({
    name: queue.name,
    data,
    ...(id ? { id } : {}),
    // pg-boss reads a text ending in Z as an instant; any other text as an interval.
    ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
  }));
}

/**
 * The job id for `key` in `queue`: the same key gives the same id on every instance, so a job
 * "for this key" exists once however often it is sent (a UUID shaped from a SHA-256).
 */
export function jobIdFor(queue: QueueDefinition, key: string): string {
  const hex = createHash('sha256').update(`${queue.name}\u0000${key}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so it is a valid UUID for pg-boss's column.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A job due at `at`, once per `key` (a reminder for an appointment, a deposit's deadline):
 * sending it again while the first is kept changes nothing and returns false. The handler
 * must still check its own state: pg-boss forgets a finished job after its archive interval.
 */
export async function sendJobAt(
  db: Db,
  queue: QueueDefinition,
  key: string,
  at: Date,
  data: object,
): Promise<boolean> {
  const id = await sendJob(db, queue, data, { id: jobIdFor(queue, key), startAfter: at });
  return id !== null;
}

/** Cancels the waiting job of `key`; false when there is none (done, running or never sent). */
export async function cancelJobAt(db: Db, queue: QueueDefinition, key: string): Promise<boolean> {
  const result = (await sender.cancel(queue.name, jobIdFor(queue, key), {
    db: queueConnection(db),
  })) as unknown as { affected: number };
  return result.affected > 0;
}

/**
 * Moves the job of `key` to `at` with `data`, whatever became of the earlier one: it is
 * replaced (inside the caller's transaction, so the move and the change that causes it go
 * together).
 */
export async function rescheduleJobAt(
  db: Db,
  queue: QueueDefinition,
  key: string,
  at: Date,
  data: object,
): Promise<void> {
  await sender.deleteJob(queue.name, jobIdFor(queue, key), { db: queueConnection(db) });
  await sendJobAt(db, queue, key, at, data);
}

/**
 * Deletes the jobs with these ids from `queue`, whatever their state (pg-boss's `deleteJob`).
 * A job pg-boss already moved to its archive (12 hours after it finished) is left to pg-boss's
 * own retention: its public API deletes nothing there. Our jobs' data hold only ids.
 */
export async function deleteJobs(
  db: Db,
  queue: QueueDefinition,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await sender.deleteJob(queue.name, [...ids], { db: queueConnection(db) });
}

/** Deletes the jobs of these keys (`sendJobAt`'s) from `queue`, whatever their state. */
export async function deleteJobsAt(
  db: Db,
  queue: QueueDefinition,
  keys: readonly string[],
): Promise<void> {
  await deleteJobs(
    db,
    queue,
    keys.map((key) => jobIdFor(queue, key)),
  );
}
