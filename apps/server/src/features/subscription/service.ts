import {
  getBillingAccess,
  getEffectiveStatus,
  TRIAL_DAYS,
  type BillingSnapshot,
  type SubscriptionAccess,
  type SubscriptionStatus,
  type SubscriptionView,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  billingOfUser as billingOfUserSubquery,
  findSubscriptionByUserId,
  findSubscriptionByUserIdForUpdate,
  findUserIdByProviderIds,
  insertSubscription,
  subscriptionsOf as subscriptionsOfSubquery,
  updateSubscriptionByUserId,
  updateTrialEnd,
  upsertPaidSubscription,
  type ProviderSubscriptionValues,
  type SubscriptionRow,
} from './repo';
import type { BillingOfUser, SubscriptionsOf } from './types';

export type { BillingOfUser, SubscriptionsOf } from './types';

export type { ProviderSubscriptionValues, SubscriptionRow };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the service needs (docs/decisions/010-one-owner-per-table.md): the database (a
 * transaction when the caller has one: `{ ...deps, db: tx }`) and the clock. Functions still
 * taking `now` are given the instant their caller already uses for the rest of its work.
 */
export interface SubscriptionDeps {
  db: Db;
  clock: Clock;
}
type DbDeps = Pick<SubscriptionDeps, 'db'>;

/** Sign-up starts a 7-day trial (docs/product.md, Accounts and sessions); `db` may be a transaction. */
export async function startTrial({ db }: DbDeps, userId: string, now: Date): Promise<void> {
  await insertSubscription(db, {
    userId,
    status: 'trialing',
    trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    createdAt: now,
  });
}

export function toBillingSnapshot(row: SubscriptionRow): BillingSnapshot {
  return {
    // The table's CHECK constraint keeps `status` within SUBSCRIPTION_STATUSES.
    status: row.status as SubscriptionStatus,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * Status and access at `now` (shared `getBillingAccess`): a subscription cancelled at period
 * end reads `canceled` from the instant its period ends.
 */
export function toSubscriptionView(row: SubscriptionRow, now: Date): SubscriptionView {
  const snapshot = toBillingSnapshot(row);
  const { status: _status, ...access } = getBillingAccess(snapshot, now);
  return {
    status: getEffectiveStatus(snapshot, now),
    trialEnd: row.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...access,
  };
}

/** The subscription as `GET /api/me` shows it; null when there is none (counts as absent). */
export async function getSubscriptionView(
  { db, clock }: SubscriptionDeps,
  userId: string,
): Promise<SubscriptionView | null> {
  const row = await findSubscriptionByUserId(db, userId);
  return row ? toSubscriptionView(row, clock.now()) : null;
}

/** The subscription's dates and status (null: none), for callers that work out access later. */
export async function findBillingSnapshot(
  { db }: DbDeps,
  userId: string,
): Promise<BillingSnapshot | null> {
  const row = await findSubscriptionByUserId(db, userId);
  return row ? toBillingSnapshot(row) : null;
}

/** Access at `now`, read on every call so an expiring trial needs no restart. */
export async function getAccessForUser(
  { db }: DbDeps,
  userId: string,
  now: Date,
): Promise<SubscriptionAccess> {
  const row = await findSubscriptionByUserId(db, userId);
  const { status: _status, ...access } = getBillingAccess(row ? toBillingSnapshot(row) : null, now);
  return access;
}

/** Each user's subscription state as a subquery, for a join in the caller's query (decision 015). */
export function billingOfUser({ db }: DbDeps): BillingOfUser {
  return billingOfUserSubquery(db);
}

/**
 * Whether a subscription state read by such a join gives access at `now` (the same rule as
 * `getAccessForUser`); `status` null means the user has no subscription.
 */
export function hasAccessAt(
  state: Omit<BillingSnapshot, 'status'> & { status: string | null },
  now: Date,
): boolean {
  if (state.status === null) return getBillingAccess(null, now).hasAccess;
  // The table's CHECK constraint keeps `status` within SUBSCRIPTION_STATUSES.
  return getBillingAccess({ ...state, status: state.status as SubscriptionStatus }, now).hasAccess;
}

// ------------------------------------------------ for features/billing (provider events)

export async function findSubscription(
  { db }: DbDeps,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  return findSubscriptionByUserId(db, userId);
}

/** Reads and locks the row inside the transaction `db`. */
export async function lockSubscription(
  { db }: DbDeps,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  return findSubscriptionByUserIdForUpdate(db, userId);
}

/** Whose subscription the provider's subscription or customer id belongs to. */
export async function findUserIdByProvider(
  { db }: DbDeps,
  ids: { subscriptionId?: string | null; customerId?: string | null },
): Promise<string | undefined> {
  return findUserIdByProviderIds(db, ids);
}

export async function saveProviderState(
  { db }: DbDeps,
  userId: string,
  values: ProviderSubscriptionValues,
): Promise<void> {
  await updateSubscriptionByUserId(db, userId, values);
}

/** Active and paid until `periodEnd`, whatever it was (features/demo's account). */
export async function setPaidUntil(
  { db }: DbDeps,
  userId: string,
  periodEnd: Date,
  now: Date,
): Promise<void> {
  await upsertPaidSubscription(db, userId, periodEnd, now);
}

// ------------------------------------------------ for features/admin (the operator console)

/** Every subscription's state and dates as a subquery (decision 010). */
export function subscriptionsOf({ db }: DbDeps): SubscriptionsOf {
  return subscriptionsOfSubquery(db);
}

export type TrialExtension =
  { outcome: 'extended'; trialEnd: Date } | { outcome: 'paying' | 'not-trial' | 'unknown' };

/**
 * Adds `days` to a trial, from its end or from `now` if it already ended, so an expired trial
 * gets exactly `days` more. A paying or cancelled subscription is left alone. `db`: the caller's
 * transaction (the row is locked until it ends).
 */
export async function extendTrial(
  { db }: DbDeps,
  userId: string,
  days: number,
  now: Date,
): Promise<TrialExtension> {
  const row = await findSubscriptionByUserIdForUpdate(db, userId);
  if (!row) return { outcome: 'unknown' };
  if (getBillingAccess(toBillingSnapshot(row), now).isActive) return { outcome: 'paying' };
  if (row.status !== 'trialing') return { outcome: 'not-trial' };
  const from = Math.max(row.trialEnd?.getTime() ?? 0, now.getTime());
  const trialEnd = new Date(from + days * DAY_MS);
  await updateTrialEnd(db, userId, trialEnd, now);
  return { outcome: 'extended', trialEnd };
}
