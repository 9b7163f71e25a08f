import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInThrottles } from '../../db/schema';

export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** Seconds to wait after the `failures`-th attempt: none before the free ones run out. */
function delaySeconds(failures: SQL, policy: ThrottlePolicy): SQL {
  const base = policy.baseDelayMs / 1000;
  const max = policy.maxDelayMs / 1000;
  // The exponent is capped so that power() stays finite whatever the count.
  return sql`CASE WHEN ${failures} < ${policy.freeFailures}::int THEN 0::float8
    ELSE least(${max}::float8, ${base}::float8 * power(2::float8, least(${failures} - ${policy.freeFailures}::int, 40)))
  END`;
}

/**
 * Claims one sign-in attempt for `key` in a single UPSERT ... RETURNING, so concurrent requests
 * on any number of instances are counted one by one: the attempt is counted (as a failure
 * until a success clears it) and the next one is pushed back by the growing delay. Returns the
 * attempt's number within the window, or undefined when the key must still wait (nothing is
 * counted then, so refused attempts do not lengthen the delay).
 */
export async function claimSignInAttempt(
  db: Db,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<number | undefined> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const isWindowOver = sql`${signInThrottles.resetAt} <= ${nowSql}`;
  const failures = sql`CASE WHEN ${isWindowOver} THEN 1 ELSE ${signInThrottles.failures} + 1 END`;
  const [row] = await db
    .insert(signInThrottles)
    .values({
      key,
      failures: 1,
      nextAttemptAt: sql`${nowSql} + ${delaySeconds(sql`1`, policy)} * interval '1 second'`,
      resetAt: new Date(now.getTime() + policy.windowMs),
    })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures,
        nextAttemptAt: sql`${nowSql} + ${delaySeconds(failures, policy)} * interval '1 second'`,
        resetAt: sql`excluded.reset_at`,
      },
      setWhere: sql`${isWindowOver} OR ${signInThrottles.nextAttemptAt} <= ${nowSql}`,
    })
    .returning({ failures: signInThrottles.failures });
  return row?.failures;
}

/** When `key` may try again (after a refused claim). */
export async function findNextAttemptAt(db: Db, key: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ nextAttemptAt: signInThrottles.nextAttemptAt })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, key));
  return row?.nextAttemptAt;
}

/** A successful sign-in forgets the key's failures. */
export async function clearSignInThrottle(db: Db, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}
