import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pixProviderCredentials, pixWebhookEvents } from '../../db/schema';

export type CredentialsRow = typeof pixProviderCredentials.$inferSelect;

export async function findCredentials(
  db: Db,
  professionalId: string,
): Promise<CredentialsRow | undefined> {
  const [row] = await db
    .select()
    .from(pixProviderCredentials)
    .where(eq(pixProviderCredentials.professionalId, professionalId));
  return row;
}

/** Every professional's row: only for sealing them all again when the server secret changes. */
export async function findAllCredentials(db: Db): Promise<CredentialsRow[]> {
  return db.select().from(pixProviderCredentials).for('update');
}

export async function upsertCredentials(
  db: Db,
  row: Omit<CredentialsRow, 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(pixProviderCredentials)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: pixProviderCredentials.professionalId,
      set: {
        provider: row.provider,
        accessTokenSealed: row.accessTokenSealed,
        webhookSecretSealed: row.webhookSecretSealed,
        updatedAt: now,
      },
    });
}

export async function deleteCredentials(db: Db, professionalId: string): Promise<void> {
  await db
    .delete(pixProviderCredentials)
    .where(eq(pixProviderCredentials.professionalId, professionalId));
}

/** Records a delivery; false when the same delivery was already recorded (a replay). */
export async function recordWebhookEvent(
  db: Db,
  event: { professionalId: string; eventId: string; chargeId: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(pixWebhookEvents)
    .values({ ...event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: pixWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function forgetWebhookEvent(
  db: Db,
  professionalId: string,
  eventId: string,
): Promise<void> {
  await db
    .delete(pixWebhookEvents)
    .where(
      and(
        eq(pixWebhookEvents.professionalId, professionalId),
        eq(pixWebhookEvents.eventId, eventId),
      ),
    );
}
