import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { manageLinks, manageRequests } from '../../db/schema';

export type ManageLinkRow = typeof manageLinks.$inferSelect;

/**
 * The insert of the link row of a booking that cannot have one yet (a booking's new link), for
 * the caller's statement to run.
 */
export function insertLinkQuery(
  db: Db,
  values: { professionalId: string; bookingId: string; nonce: string; tokenHash: string },
  now: Date,
) {
  return db.insert(manageLinks).values({ ...values, createdAt: now });
}

/** Creates the booking's link row; an existing one is kept (returns the row either way). */
export async function ensureLink(
  db: Db,
  values: { professionalId: string; bookingId: string; nonce: string; tokenHash: string },
  now: Date,
): Promise<ManageLinkRow> {
  const [inserted] = await db
    .insert(manageLinks)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing({ target: [manageLinks.professionalId, manageLinks.bookingId] })
    .returning();
  if (inserted) return inserted;
  const [row] = await db
    .select()
    .from(manageLinks)
    .where(
      and(
        eq(manageLinks.professionalId, values.professionalId),
        eq(manageLinks.bookingId, values.bookingId),
      ),
    );
  return row!;
}

export async function findLink(
  db: Db,
  professionalId: string,
  bookingId: string,
): Promise<ManageLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(manageLinks)
    .where(
      and(eq(manageLinks.professionalId, professionalId), eq(manageLinks.bookingId, bookingId)),
    );
  return row;
}

export async function findLinkByHash(
  db: Db,
  tokenHash: string,
): Promise<ManageLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(manageLinks)
    .where(eq(manageLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks the reminder sent for `start`, unless it already was: true only for the one caller
 * that changed the row (two instances running the same job send one mail).
 */
export async function claimReminder(
  db: Db,
  professionalId: string,
  bookingId: string,
  start: string,
): Promise<boolean> {
  const rows = await db
    .update(manageLinks)
    .set({ remindedStart: start })
    .where(
      and(
        eq(manageLinks.professionalId, professionalId),
        eq(manageLinks.bookingId, bookingId),
        or(isNull(manageLinks.remindedStart), ne(manageLinks.remindedStart, start)),
      ),
    )
    .returning({ bookingId: manageLinks.bookingId });
  return rows.length > 0;
}

export async function setWhatsappSent(
  db: Db,
  professionalId: string,
  bookingId: string,
  start: string | null,
): Promise<void> {
  await db
    .update(manageLinks)
    .set({ whatsappSentStart: start })
    .where(
      and(eq(manageLinks.professionalId, professionalId), eq(manageLinks.bookingId, bookingId)),
    );
}

export async function listLinks(db: Db, professionalId: string) {
  return db.select().from(manageLinks).where(eq(manageLinks.professionalId, professionalId));
}

// ------------------------------------------------ reschedule idempotency keys

export async function claimRequestKey(
  db: Db,
  values: {
    professionalId: string;
    bookingId: string;
    idempotencyKey: string;
    requestFingerprint: string;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(manageRequests)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing({
      target: [manageRequests.professionalId, manageRequests.idempotencyKey],
    })
    .returning({ id: manageRequests.id });
  return rows.length > 0;
}

export async function findRequest(db: Db, professionalId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(manageRequests)
    .where(
      and(
        eq(manageRequests.professionalId, professionalId),
        eq(manageRequests.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function storeRequestResponse(
  db: Db,
  professionalId: string,
  idempotencyKey: string,
  response: Record<string, unknown>,
): Promise<void> {
  await db
    .update(manageRequests)
    .set({ response })
    .where(
      and(
        eq(manageRequests.professionalId, professionalId),
        eq(manageRequests.idempotencyKey, idempotencyKey),
      ),
    );
}
