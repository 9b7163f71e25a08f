import type { BookingResponse } from '@agendaki/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingRequests } from '../../db/schema';

/**
 * Claims an idempotency key inside the booking's transaction. Returns the new booking id, or
 * undefined when the key is already taken: a concurrent request with the same key makes this
 * insert wait until that transaction ends, so a committed answer is then there to read.
 */
export async function claimIdempotencyKey(
  db: Db,
  professionalId: string,
  idempotencyKey: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .insert(bookingRequests)
    .values({ professionalId, idempotencyKey, createdAt: now })
    .onConflictDoNothing({
      target: [bookingRequests.professionalId, bookingRequests.idempotencyKey],
    })
    .returning({ id: bookingRequests.id });
  return row?.id;
}

export async function findStoredResponse(
  db: Db,
  professionalId: string,
  idempotencyKey: string,
): Promise<BookingResponse | null | undefined> {
  const [row] = await db
    .select({ response: bookingRequests.response })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, professionalId),
        eq(bookingRequests.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row ? row.response : undefined;
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
