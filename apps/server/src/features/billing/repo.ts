import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents } from '../../db/schema';

export type EventOutcome = 'applied' | 'stale' | 'ignored';

/**
 * Records a provider event id; false when it was already recorded (a redelivery or replay).
 * Inside the transaction that applies the event: if applying fails, the id is not kept and
 * the provider's retry is applied.
 */
export async function recordEventUnlessSeen(
  db: Db,
  values: { id: string; provider: string; type: string; eventCreatedAt: Date; processedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ ...values, outcome: 'ignored' })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function setEventOutcome(
  db: Db,
  id: string,
  outcome: EventOutcome,
  userId: string | null,
): Promise<void> {
  await db.update(billingEvents).set({ outcome, userId }).where(eq(billingEvents.id, id));
}

/** The user's recorded provider events (docs/decisions/012-lgpd.md: an account deleted). */
export async function deleteEventsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(billingEvents).where(eq(billingEvents.userId, userId));
}
