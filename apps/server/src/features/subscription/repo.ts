import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function insertSubscription(
  db: Db,
  values: { userId: string; status: 'trialing'; trialEnd: Date; createdAt: Date },
): Promise<void> {
  await db.insert(subscriptions).values({ ...values, updatedAt: values.createdAt });
}

export async function findSubscriptionByUserId(
  db: Db,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row;
}

/** The provider's view of a subscription, as the billing feature writes it. */
export interface ProviderSubscriptionValues {
  status?: SubscriptionRow['status'];
  trialEnd?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  provider?: string;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  lastEventAt?: Date;
  updatedAt: Date;
}

/** The row, locked until the transaction `db` ends (a webhook and a demo payment never interleave). */
export async function findSubscriptionByUserIdForUpdate(
  db: Db,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1)
    .for('update');
  return row;
}

export async function findUserIdByProviderIds(
  db: Db,
  ids: { subscriptionId?: string | null; customerId?: string | null },
): Promise<string | undefined> {
  const conditions = [
    ids.subscriptionId ? eq(subscriptions.providerSubscriptionId, ids.subscriptionId) : undefined,
    ids.customerId ? eq(subscriptions.providerCustomerId, ids.customerId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return undefined;
  const rows = await db
    .select({ userId: subscriptions.userId, subscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(or(...conditions))
    .limit(2);
  // A match on the subscription id wins over one on the customer id.
  const bySubscription = rows.find((row) => row.subscriptionId === ids.subscriptionId);
  return (bySubscription ?? rows[0])?.userId;
}

export async function updateSubscriptionByUserId(
  db: Db,
  userId: string,
  values: ProviderSubscriptionValues,
): Promise<void> {
  await db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
}

/** Active and paid until `periodEnd` (features/demo), created or overwritten. */
export async function upsertPaidSubscription(
  db: Db,
  userId: string,
  periodEnd: Date,
  now: Date,
): Promise<void> {
  const values = {
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    updatedAt: now,
  };
  await db
    .insert(subscriptions)
    .values({ userId, createdAt: now, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

/**
 * Every user's subscription state, as a subquery features/auth joins to the session, so access
 * is computed from the same statement that checks the session (decision 015).
 */
export function billingOfUser(db: Db) {
  return db
    .select({
      userId: subscriptions.userId,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .as('signed_in_subscription');
}

/** Every subscription's state and dates, as a subquery features/admin joins and counts. */
export function subscriptionsOf(db: Db) {
  return db
    .select({
      userId: subscriptions.userId,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      startedAt: subscriptions.createdAt,
      changedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .as('account_subscription');
}

export async function updateTrialEnd(
  db: Db,
  userId: string,
  trialEnd: Date,
  now: Date,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ trialEnd, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}
