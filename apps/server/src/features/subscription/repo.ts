import { eq } from 'drizzle-orm';
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
