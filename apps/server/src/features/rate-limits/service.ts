import type { Db } from '../../db/client';
import type { RateLimitStore } from '../../plugins/rate-limit';
import * as repo from './repo';

/** The limiter's counters (plugins/rate-limit.ts) kept in this feature's `rate_limits` table. */
export function createRateLimitStore(db: Db): RateLimitStore {
  return {
    countEvent: (key, now, windowMs, amount) => repo.countEvent(db, key, now, windowMs, amount),
    findWindow: (key) => repo.findWindow(db, key),
  };
}
