import type { Db } from '../../db/client';
import type { SQLWrapper } from 'drizzle-orm';
import type { CountedEvent, RateLimitStore, RateLimitWindow } from '../../plugins/rate-limit';
import * as repo from './repo';

/** What the store needs (docs/decisions/010-one-owner-per-table.md); the limiter owns the clock. */
export interface RateLimitsDeps {
  db: Db;
}

/** The limiter's counters (plugins/rate-limit.ts) kept in this feature's `rate_limits` table. */
export function createRateLimitStore({ db }: RateLimitsDeps): RateLimitStore {
  return {
    countEvents: (events, now) => repo.countEvents(db, events, now),
    findWindow: (key) => repo.findWindow(db, key),
  };
}

/** Forgets the counters with these keys: an account deleted leaves none that names it. */
export function deleteCounters({ db }: RateLimitsDeps, keys: readonly string[]): Promise<void> {
  return repo.deleteCounters(db, keys);
}

/**
 * One event's count as a piece of the caller's statement (features/booking counts a booking's
 * minutes in the statement that stores its answer): the upsert, to run as a CTE returning its
 * row, and the window read from that row.
 */
export function countEventPiece(
  { db }: RateLimitsDeps,
  event: CountedEvent,
  now: Date,
): { query: SQLWrapper; window(row: { count: unknown; reset_at_ms: unknown }): RateLimitWindow } {
  return { query: repo.countEventQuery(db, event, now), window: repo.windowOfRow };
}
