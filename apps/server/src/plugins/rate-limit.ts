import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { RATE_LIMIT_MESSAGE } from './errors';

export interface Limit {
  max: number;
  windowMs: number;
  /** The 429's pt-BR text when the generic one ("… em alguns minutos") does not fit the window. */
  message?: string;
}

export interface RateLimiter {
  /**
   * Counts one event, or `amount` units of one event (minutes booked, say); throws 429 once the
   * window holds more than `max`. An event bigger than `max` counts as `max`: alone in its
   * window it passes, so no single legitimate event is refused forever.
   */
  consume(key: string, limit: Limit, amount?: number): Promise<void>;
  /**
   * Counts several events, each under its own key (keys must differ), in one statement; then
   * throws 429 for the first, in the order given, whose window holds more than its `max`. Every
   * key is counted, the ones after a refusing key included.
   */
  consumeAll(events: readonly RateLimitEvent[]): Promise<void>;
  /** Counts one event and tells whether it was within the limit, without throwing. */
  hit(key: string, limit: Limit): Promise<boolean>;
  /** Throws 429 when `max` events are already counted (e.g. failed logins), counting nothing. */
  assertBelow(key: string, limit: Limit): Promise<void>;
}

/**
 * A counter key. The identifier (an IP, an e-mail) is hashed so the table holds no addresses.
 * Tests use it to seed counters instead of making a hundred real attempts.
 */
export function rateLimitKey(scope: string, identifier: string): string {
  const digest = createHash('sha256').update(identifier.toLowerCase()).digest('base64url');
  return `${scope}:${digest.slice(0, 32)}`;
}

function tooManyRequests(resetAt: Date, now: Date, message = RATE_LIMIT_MESSAGE): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
}

export interface RateLimitWindow {
  count: number;
  resetAt: Date;
}

/** One event for `consumeAll`: its key, its limit, and its weight (1 by default). */
export interface RateLimitEvent {
  key: string;
  limit: Limit;
  amount?: number;
}

export type CountedEvent = { key: string; windowMs: number; amount: number };

/** The counters' storage: `rate_limits`, owned by features/rate-limits (wired in app.ts). */
export interface RateLimitStore {
  /** Counts every event in one statement; the windows after the count, in the order given. */
  countEvents(events: readonly CountedEvent[], now: Date): Promise<RateLimitWindow[]>;
  findWindow(key: string): Promise<RateLimitWindow | undefined>;
}

/**
 * An event as the store counts it. A weighted event (e.g. booked minutes) counts at most a
 * whole window, so one big event passes when it is the first and the counter never overflows.
 */
export function countedEvent({ key, limit, amount = 1 }: RateLimitEvent): CountedEvent {
  return { key, windowMs: limit.windowMs, amount: Math.min(amount, limit.max) };
}

/** Throws 429 when `window`, after the event was counted, holds more than its limit. */
export function refuseOver({ limit }: RateLimitEvent, window: RateLimitWindow, now: Date): void {
  if (window.count > limit.max) throw tooManyRequests(window.resetAt, now, limit.message);
}

/**
 * Fixed-window counters in the `rate_limits` table: one atomic upsert per event, so several
 * app instances sharing one PostgreSQL count together. Windows follow the app clock; ended
 * windows are deleted by the maintenance job (features/maintenance).
 */
export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const countAll = (events: readonly RateLimitEvent[]) =>
    store.countEvents(events.map(countedEvent), clock.now());
  const consumeAll = async (events: readonly RateLimitEvent[]) => {
    const windows = await countAll(events);
    events.forEach((event, index) => refuseOver(event, windows[index]!, clock.now()));
  };

  return {
    consume: (key, limit, amount) => consumeAll([{ key, limit, amount }]),
    consumeAll,
    async hit(key, limit) {
      const [window] = await countAll([{ key, limit }]);
      return window!.count <= limit.max;
    },
    async assertBelow(key, limit) {
      const now = clock.now();
      const row = await store.findWindow(key);
      if (row && row.resetAt > now && row.count >= limit.max)
        throw tooManyRequests(row.resetAt, now, limit.message);
    },
  };
}

export function registerRateLimiter(app: FastifyInstance, store: RateLimitStore): void {
  app.decorate('rateLimiter', createRateLimiter(store, app.clock));
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}
