import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60_000;

/** How long rows are kept (docs/ARCHITECTURE.md, Databases). */
export const RETENTION_DAYS = {
  /** A booking page retries within minutes; a month covers any late retry and support questions. */
  bookingRequests: 30,
  /** The manage link's retries (reschedule, cancel): the same reasoning as bookings. */
  manageRequests: 30,
  /** The Pix PSP's applied deliveries: Mercado Pago retries for far less than a month. */
  pixWebhookEvents: 30,
  /** Sent or failed mail, for "did the e-mail go out?" questions. */
  finishedMail: 30,
  /**
   * WhatsApp answers already applied (the replay guard, features/whatsapp): Meta redelivers a
   * webhook for at most 7 days, so a month past it no replay can come.
   */
  whatsappInbound: 30,
} as const;

/** Small statements: each holds its row locks briefly, and PGlite's one connection is shared. */
export const PURGE_BATCH_SIZE = 500;
/** Per table and run; what is left waits for the next run. */
const MAX_BATCHES_PER_RUN = 100;

export type PurgeResult = Record<
  | 'rateLimits'
  | 'signInThrottles'
  | 'bookingRequests'
  | 'manageRequests'
  | 'pixWebhookEvents'
  | 'finishedMail'
  | 'sessions'
  | 'verifications'
  | 'bookingPowUses'
  | 'bookingCodes'
  | 'whatsappInbound',
  number
>;

/** What the purge needs (docs/decisions/010-one-owner-per-table.md). */
export interface MaintenanceDeps {
  db: Db;
  clock: Clock;
}

export interface PurgeOptions {
  batchSize?: number;
  maxBatches?: number;
}

async function inBatches(
  deleteBatch: (limit: number) => Promise<number>,
  options: Required<PurgeOptions>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < options.maxBatches; batch += 1) {
    const deleted = await deleteBatch(options.batchSize);
    total += deleted;
    if (deleted < options.batchSize) break;
  }
  return total;
}

/**
 * Deletes what has expired by the clock's now: ended rate-limit windows and sign-in throttles,
 * booking and manage-link idempotency keys, applied PSP deliveries and finished mail past their
 * retention, expired sessions and tokens, WhatsApp answers past their retention.
 * Never pending mail. Any number of instances may run it at once (features/maintenance/repo.ts).
 */
export async function purgeExpiredRows(
  { db, clock }: MaintenanceDeps,
  options: PurgeOptions = {},
): Promise<PurgeResult> {
  const now = clock.now();
  const settings = {
    batchSize: options.batchSize ?? PURGE_BATCH_SIZE,
    maxBatches: options.maxBatches ?? MAX_BATCHES_PER_RUN,
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    rateLimits: await inBatches((n) => repo.deleteEndedRateLimits(db, now, n), settings),
    signInThrottles: await inBatches((n) => repo.deleteEndedSignInThrottles(db, now, n), settings),
    bookingRequests: await inBatches(
      (n) => repo.deleteBookingRequestsBefore(db, daysAgo(RETENTION_DAYS.bookingRequests), n),
      settings,
    ),
    manageRequests: await inBatches(
      (n) => repo.deleteManageRequestsBefore(db, daysAgo(RETENTION_DAYS.manageRequests), n),
      settings,
    ),
    pixWebhookEvents: await inBatches(
      (n) => repo.deletePixWebhookEventsBefore(db, daysAgo(RETENTION_DAYS.pixWebhookEvents), n),
      settings,
    ),
    finishedMail: await inBatches(
      (n) => repo.deleteFinishedMailBefore(db, daysAgo(RETENTION_DAYS.finishedMail), n),
      settings,
    ),
    sessions: await inBatches((n) => repo.deleteExpiredSessions(db, now, n), settings),
    verifications: await inBatches((n) => repo.deleteExpiredVerifications(db, now, n), settings),
    bookingPowUses: await inBatches((n) => repo.deleteExpiredPowUses(db, now, n), settings),
    bookingCodes: await inBatches(
      (n) => repo.deleteBookingCodesBefore(db, daysAgo(1), n),
      settings,
    ),
    whatsappInbound: await inBatches(
      (n) => repo.deleteWhatsappInboundBefore(db, daysAgo(RETENTION_DAYS.whatsappInbound), n),
      settings,
    ),
  };
}
