import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

interface RateLimitWindow {
  count: number;
  resetAt: Date;
}

/**
 * Counts an event of weight `amount` (1 by default) under `key` with one atomic upsert (instances sharing one PostgreSQL count
 * together): a window that ended at `now` starts again at `amount`. Answers the window after the count.
 */
export async function countEvent(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
  amount = 1,
): Promise<RateLimitWindow> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: amount, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowSql} THEN excluded.count ELSE ${rateLimits.count} + excluded.count END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowSql} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
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
