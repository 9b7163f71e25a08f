import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import type { QueueDefinition } from '../../src/db/queues';

export interface JobRow {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  startAfter: Date;
  /** The database's clock when read: pg-boss schedules on it, not on the app's fake clock. */
  now: Date;
  data: unknown;
}

/** A job as pg-boss stores it (state, retries, when it is due). */
export async function findJob(
  db: Db,
  queue: QueueDefinition,
  id: string,
): Promise<JobRow | undefined> {
  const result = (await db.execute(sql`
    select id, state, retry_count as "retryCount", start_after as "startAfter", now() as now, data
      from pgboss.job where name = ${queue.name} and id = ${id}
  `)) as unknown as { rows: JobRow[] };
  const row = result.rows[0];
  return row && { ...row, startAfter: new Date(row.startAfter), now: new Date(row.now) };
}

/**
 * Moves the waiting jobs of `queue` to now, as if their time had come: pg-boss decides with the
 * database's clock, which a test cannot fast-forward like the app's.
 */
export async function makeJobsDue(db: Db, queue: QueueDefinition): Promise<void> {
  await db.execute(sql`
    update pgboss.job set start_after = now() - interval '1 second'
     where name = ${queue.name} and state in ('created', 'retry')
  `);
}
