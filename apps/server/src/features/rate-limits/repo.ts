import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bound, executeShared, rowValues } from '../../db/prepared';
import { rateLimits } from '../../db/schema';
import { ShapedWrite } from '../../db/write-batch';

interface RateLimitWindow {
  count: number;
  resetAt: Date;
}

/** An event to count: its weight `amount` under `key`, in a window of `windowMs`. */
type CountedEvent = { key: string; windowMs: number; amount: number };

/** The counting upsert, unsent, and how its rows (raw, as `execute` answers them) read back. */
export interface CountingWrite {
  write: ShapedWrite;
  windows(rows: readonly unknown[]): RateLimitWindow[];
}

/**
 * Counts events, each of weight `amount` under its own `key` and window, with one atomic
 * multi-row upsert (instances sharing one PostgreSQL count together): a window that ended at
 * `now` starts again at `amount`. `windows` answers each key's window after the count, in the
 * order given. The keys must differ (one row cannot be upserted twice in a statement). The
 * write has one shape per number of events (db/write-batch.ts).
 */
export function countEventsWrite(
  db: Db,
  events: readonly CountedEvent[],
  now: Date,
): CountingWrite {
  const values = rowValues(counterRows(events, now), { now: now.toISOString() });
  const write = new ShapedWrite(
    `rate_limits_count_${events.length}`,
    (bind) =>
      countingUpsert(
        db,
        events.map((_, index) => ({
          key: bind<string>(`key${index}`),
          count: bind<number>(`count${index}`),
          resetAt: bind<Date>(`resetAt${index}`),
        })),
        bind<string>('now'),
      ),
    values,
  );
  return { write, windows: (rows) => windowsOf(events, rows) };
}

interface CounterRow {
  key: string;
  count: number;
  resetAt: Date;
}

function counterRows(events: readonly CountedEvent[], now: Date): CounterRow[] {
  return events.map((event) => ({
    key: event.key,
    count: event.amount,
    resetAt: new Date(now.getTime() + event.windowMs),
  }));
}

/** The upsert, with placeholders where its rows' values and `now` go (`countEventsWrite`). */
function countingUpsert(db: Db, rows: CounterRow[], now: string) {
  const nowSql = sql`${now}::timestamptz`;
  return (
    db
      .insert(rateLimits)
      .values(rows)
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowSql} THEN excluded.count ELSE ${rateLimits.count} + excluded.count END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowSql} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      // The instant as epoch milliseconds: a number from every driver, read raw or not.
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        resetAtMs: sql<number>`(extract(epoch from ${rateLimits.resetAt}) * 1000)::float8`.as(
          'reset_at_ms',
        ),
      })
  );
}

function windowsOf(events: readonly CountedEvent[], rows: readonly unknown[]): RateLimitWindow[] {
  // RETURNING follows no promised order: matched by key.
  const byKey = new Map(
    (rows as { key: string; count: number; reset_at_ms: number }[]).map((row) => [row.key, row]),
  );
  return events.map((event) => {
    const row = byKey.get(event.key);
    if (!row) throw new Error(`rate limit ${event.key} was not counted`);
    return { count: Number(row.count), resetAt: new Date(Math.round(Number(row.reset_at_ms))) };
  });
}

/**
 * `countEventsWrite`, sent on its own: every request to a limited route sends it, so each number
 * of events is one statement built once, parsed and planned once per connection
 * (db/prepared.ts `executeShared`).
 */
export async function countEvents(
  db: Db,
  events: readonly CountedEvent[],
  now: Date,
): Promise<RateLimitWindow[]> {
  if (events.length === 0) return [];
  const { write } = countEventsWrite(db, events, now);
  const result = await executeShared(db, write.key, () => write.build(bound), write.values);
  return windowsOf(events, (result as { rows: unknown[] }).rows);
}

export async function findWindow(db: Db, key: string): Promise<RateLimitWindow | undefined> {
  return db.query.rateLimits.findFirst({
    columns: { count: true, resetAt: true },
    where: (t, { eq }) => eq(t.key, key),
  });
}

/** Forgets these counters (docs/decisions/012-lgpd.md: an account deleted). */
export async function deleteCounters(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}
