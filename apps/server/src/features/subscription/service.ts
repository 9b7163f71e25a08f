import {
  getSubscriptionAccess,
  TRIAL_DAYS,
  type SubscriptionAccess,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
  type SubscriptionView,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { findSubscriptionByUserId, insertSubscription, type SubscriptionRow } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sign-up starts a 7-day trial (DECISIONS.md, Accounts and sessions); `db` may be a transaction. */
export async function startTrial(db: Db, userId: string, now: Date): Promise<void> {
  await insertSubscription(db, {
    userId,
    status: 'trialing',
    trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    createdAt: now,
  });
}

function toSnapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    // The table's CHECK constraint keeps `status` within SUBSCRIPTION_STATUSES.
    status: row.status as SubscriptionStatus,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
  };
}

export function toSubscriptionView(row: SubscriptionRow, now: Date): SubscriptionView {
  const snapshot = toSnapshot(row);
  return {
    status: snapshot.status,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...getSubscriptionAccess(snapshot, now),
  };
}

/** The subscription as `GET /api/me` shows it; null when there is none (counts as absent). */
export async function getSubscriptionView(
  db: Db,
  userId: string,
  now: Date,
): Promise<SubscriptionView | null> {
  const row = await findSubscriptionByUserId(db, userId);
  return row ? toSubscriptionView(row, now) : null;
}

/** Access at `now`, read on every call so an expiring trial needs no restart. */
export async function getAccessForUser(
  db: Db,
  userId: string,
  now: Date,
): Promise<SubscriptionAccess> {
  const row = await findSubscriptionByUserId(db, userId);
  return getSubscriptionAccess(row ? toSnapshot(row) : null, now);
}
