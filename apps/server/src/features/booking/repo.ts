import type { BookingResponse } from '@agendaki/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingRequests } from '../../db/schema';

/**
 * Claims an idempotency key, with the fingerprint of its request, inside the booking's
 * transaction. Returns the new booking id, or undefined when the key is already taken: a
 * concurrent request with the same key makes this insert wait until that transaction ends, so
 * a committed answer and its fingerprint are then there to read.
 */
export async function claimIdempotencyKey(
  db: Db,
  professionalId: string,
  key: { idempotencyKey: string; requestFingerprint: string },
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .insert(bookingRequests)
    .values({ professionalId, ...key, createdAt: now })
    .onConflictDoNothing({
      target: [bookingRequests.professionalId, bookingRequests.idempotencyKey],
    })
    .returning({ id: bookingRequests.id });
  return row?.id;
}

export interface StoredRequest {
  requestFingerprint: string;
  response: BookingResponse | null;
}

export async function findStoredRequest(
  db: Db,
  professionalId: string,
  idempotencyKey: string,
): Promise<StoredRequest | undefined> {
  const [row] = await db
    .select({
      requestFingerprint: bookingRequests.requestFingerprint,
      response: bookingRequests.response,
    })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, professionalId),
        eq(bookingRequests.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row;
}

export async function storeResponse(
  db: Db,
  professionalId: string,
  bookingId: string,
  response: BookingResponse,
): Promise<void> {
  await db
    .update(bookingRequests)
    .set({ response })
    .where(
      and(eq(bookingRequests.id, bookingId), eq(bookingRequests.professionalId, professionalId)),
    );
}
