import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingCodes,
  bookingPowUses,
  bookingRequests,
  mailOutbox,
  manageRequests,
  pixWebhookEvents,
  rateLimits,
  session,
  signInThrottles,
  verification,
  whatsappInbound,
} from '../../db/schema';

/**
 * Batch deletes of rows nobody needs any more. Each statement picks at most `limit` rows with
 * SKIP LOCKED (another instance purging at the same time, or a request using a row, is passed
 * by) and deletes them only if the condition still holds, so a row that came back to life in
 * between (a rate-limit window restarted, a session refreshed) stays. Safe to run anywhere,
 * any number of times. Each returns how many rows went.
 */

export async function deleteEndedRateLimits(db: Db, now: Date, limit: number): Promise<number> {
  const isEnded = lte(rateLimits.resetAt, now);
  const batch = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(isEnded)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(rateLimits)
    .where(and(inArray(rateLimits.key, batch), isEnded))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** Sign-in throttles after a quiet window: the next attempt would start afresh anyway. */
export async function deleteEndedSignInThrottles(
  db: Db,
  now: Date,
  limit: number,
): Promise<number> {
  const isEnded = lte(signInThrottles.resetAt, now);
  const batch = db
    .select({ key: signInThrottles.key })
    .from(signInThrottles)
    .where(isEnded)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(signInThrottles)
    .where(and(inArray(signInThrottles.key, batch), isEnded))
    .returning({ key: signInThrottles.key });
  return deleted.length;
}

/** Idempotency keys of public bookings and their stored answers, created before `before`. */
export async function deleteBookingRequestsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isOld = lt(bookingRequests.createdAt, before);
  const batch = db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(isOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(bookingRequests)
    .where(and(inArray(bookingRequests.id, batch), isOld))
    .returning({ id: bookingRequests.id });
  return deleted.length;
}

/** Idempotency keys of the manage link's changes (reschedule, cancel), created before `before`. */
export async function deleteManageRequestsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isOld = lt(manageRequests.createdAt, before);
  const batch = db
    .select({ id: manageRequests.id })
    .from(manageRequests)
    .where(isOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(manageRequests)
    .where(and(inArray(manageRequests.id, batch), isOld))
    .returning({ id: manageRequests.id });
  return deleted.length;
}

/**
 * The Pix PSP's deliveries already applied (features/pix-provider), received before `before`. A
 * delivery replayed after that is read back from the PSP and confirms nothing twice anyway.
 */
export async function deletePixWebhookEventsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isOld = lt(pixWebhookEvents.receivedAt, before);
  const batch = db
    .select({ professionalId: pixWebhookEvents.professionalId, eventId: pixWebhookEvents.eventId })
    .from(pixWebhookEvents)
    .where(isOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(pixWebhookEvents)
    .where(
      and(
        sql`(${pixWebhookEvents.professionalId}, ${pixWebhookEvents.eventId}) IN (${batch})`,
        isOld,
      ),
    )
    .returning({ eventId: pixWebhookEvents.eventId });
  return deleted.length;
}

/**
 * Mail that is done with: sent before `before`, or failed for good (after about an hour of
 * retries, features/mail/worker.ts) and queued before `before`. Pending mail is never deleted.
 */
export async function deleteFinishedMailBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isFinishedAndOld = or(
    and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)),
    and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, before)),
  );
  const batch = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(isFinishedAndOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.id, batch), isFinishedAndOld))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** Sessions past their expiry: better-auth refuses them already (and refreshes live ones). */
export async function deleteExpiredSessions(db: Db, now: Date, limit: number): Promise<number> {
  const isExpired = lte(session.expiresAt, now);
  const batch = db
    .select({ id: session.id })
    .from(session)
    .where(isExpired)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(session)
    .where(and(inArray(session.id, batch), isExpired))
    .returning({ id: session.id });
  return deleted.length;
}

/**
 * Confirmation and reset tokens past their expiry: an expired link and a deleted one get the
 * same answer ("Link inválido ou expirado", features/auth), so nothing changes for the user.
 */
export async function deleteExpiredVerifications(
  db: Db,
  now: Date,
  limit: number,
): Promise<number> {
  const isExpired = lte(verification.expiresAt, now);
  const batch = db
    .select({ id: verification.id })
    .from(verification)
    .where(isExpired)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(verification)
    .where(and(inArray(verification.id, batch), isExpired))
    .returning({ id: verification.id });
  return deleted.length;
}

/** Proof-of-work solutions whose challenge expired (decision 028): no longer accepted anyway. */
export async function deleteExpiredPowUses(db: Db, now: Date, limit: number): Promise<number> {
  const isExpired = lte(bookingPowUses.expiresAt, now);
  const batch = db
    .select({ signature: bookingPowUses.signature })
    .from(bookingPowUses)
    .where(isExpired)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(bookingPowUses)
    .where(and(inArray(bookingPowUses.signature, batch), isExpired))
    .returning({ signature: bookingPowUses.signature });
  return deleted.length;
}

/**
 * E-mailed booking codes (decision 028) expired before `before`: kept a while after their expiry
 * so a confirmation retried late still gets "expirou", not a missing row's same answer sooner.
 */
export async function deleteBookingCodesBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isOld = lt(bookingCodes.expiresAt, before);
  const batch = db
    .select({ professionalId: bookingCodes.professionalId, id: bookingCodes.id })
    .from(bookingCodes)
    .where(isOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(bookingCodes)
    .where(and(sql`(${bookingCodes.professionalId}, ${bookingCodes.id}) IN (${batch})`, isOld))
    .returning({ id: bookingCodes.id });
  return deleted.length;
}

/** WhatsApp answers already applied: Meta stops redelivering one after a few days. */
export async function deleteWhatsappInboundBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const isOld = lt(whatsappInbound.receivedAt, before);
  const batch = db
    .select({
      professionalId: whatsappInbound.professionalId,
      waMessageId: whatsappInbound.waMessageId,
    })
    .from(whatsappInbound)
    .where(isOld)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(whatsappInbound)
    .where(
      and(
        sql`(${whatsappInbound.professionalId}, ${whatsappInbound.waMessageId}) IN (${batch})`,
        isOld,
      ),
    )
    .returning({ waMessageId: whatsappInbound.waMessageId });
  return deleted.length;
}
