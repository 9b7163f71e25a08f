import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

interface RateLimitWindow {
  count: number;
  resetAt: Date;
}

/** An event to count: its weight `amount` under `key`, in a window of `windowMs`. */
type CountedEvent = { key: string; windowMs: number; amount: number };

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

/** The counting upsert of `countEvents`. */
function countingUpsert(db: Db, rows: CounterRow[], now: Date) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
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

function windowsOf(
  events: readonly CountedEvent[],
  rows: readonly { key: string; count: number; resetAtMs: number }[],
): RateLimitWindow[] {
  // RETURNING follows no promised order: matched by key.
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return events.map((event) => {
    const row = byKey.get(event.key);
    if (!row) throw new Error(`rate limit ${event.key} was not counted`);
    return { count: Number(row.count), resetAt: new Date(Math.round(Number(row.resetAtMs))) };
  });
}

/**
 * Counts events, each of weight `amount` under its own `key` and window, with one atomic
 * multi-row upsert (instances sharing one PostgreSQL count together): a window that ended at
 * `now` starts again at `amount`. Answers each key's window after the count, in the order
 * given. The keys must differ (one row cannot be upserted twice in a statement).
 */
export async function countEvents(
  db: Db,
  events: readonly CountedEvent[],
  now: Date,
): Promise<RateLimitWindow[]> {
  if (events.length === 0) return [];
  const rows = await countingUpsert(db, counterRows(events, now), now);
  return windowsOf(events, rows);
}

/**
 * The counting upsert of one event, for the caller's statement (a CTE): its one row, read back
 * by `windowOfRow`.
 */
export function countEventQuery(db: Db, event: CountedEvent, now: Date) {
  return countingUpsert(db, counterRows([event], now), now);
}

/** The window of `countEventQuery`'s row, as the driver or `row_to_json` gives it. */
export function windowOfRow(row: { count: unknown; reset_at_ms: unknown }): RateLimitWindow {
  return { count: Number(row.count), resetAt: new Date(Math.round(Number(row.reset_at_ms))) };
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
