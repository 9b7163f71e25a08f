import type { BookingResponse } from '@agendaki/shared';
import { and, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Shaped } from '../../db/prepared';
import { bookingCodes, bookingPowUses, bookingRequests } from '../../db/schema';

/** True in the claim's statement once it claimed the key: what may be written along with it. */
export const WHEN_CLAIMED = sql`EXISTS (SELECT 1 FROM claimed)`;

/**
 * Claims an idempotency key, with the fingerprint of its request, inside the booking's
 * transaction, in the statement that takes the professional's lock (`lock`, features/schedule's
 * query, run first as a CTE). `bookingId` is the new booking's id, or undefined when the key is
 * already taken: a concurrent request with the same key makes this insert wait until that
 * transaction ends, so a committed answer and its fingerprint are then there to read.
 * `isLocked` false: the profile is gone, nothing was claimed. `along`: further CTEs and columns
 * of the same statement (the booking's client, written only `WHEN_CLAIMED`), whose values come
 * back in `row`. The lock and `along` are pieces of SQL (db/prepared.ts `Shaped`) built here with
 * their values.
 */
export async function claimIdempotencyKey(
  db: Db,
  professionalId: string,
  key: { idempotencyKey: string; requestFingerprint: string; visitorHash: string },
  now: Date,
  lock: Shaped<SQLWrapper>,
  along?: Shaped<{ ctes: SQL; columns: SQL }>,
): Promise<{ isLocked: boolean; bookingId: string | undefined; row: unknown }> {
  const columns = [
    bookingRequests.professionalId,
    bookingRequests.idempotencyKey,
    bookingRequests.requestFingerprint,
    bookingRequests.visitorHash,
    bookingRequests.createdAt,
  ].map((column) => sql.identifier(column.name));
  const more = along?.query();
  const result = await db.execute(sql`WITH locked AS ${lock.query()},
    claimed AS (
      INSERT INTO ${bookingRequests} (${sql.join(columns, sql`, `)})
      SELECT locked.id, ${key.idempotencyKey}::varchar, ${key.requestFingerprint}::varchar,
        ${key.visitorHash}::varchar, ${now.toISOString()}::timestamptz
      FROM locked WHERE locked.id = ${professionalId}
      ON CONFLICT (${sql.identifier(bookingRequests.professionalId.name)}, ${sql.identifier(bookingRequests.idempotencyKey.name)}) DO NOTHING
      RETURNING ${bookingRequests.id}
    )${more ? sql`, ${more.ctes}` : sql``}
    SELECT EXISTS (SELECT 1 FROM locked) AS is_locked, (SELECT id FROM claimed) AS booking_id${more ? sql`, ${more.columns}` : sql``}`);
  const [row] = (result as { rows: { is_locked: boolean; booking_id: string | null }[] }).rows;
  return { isLocked: row?.is_locked ?? false, bookingId: row?.booking_id ?? undefined, row };
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

/**
 * The booking's answer, kept for its retries, stored by one statement that also runs the
 * booking's writes into other features' tables (`link`, `minutes`: their owners' queries, as
 * CTEs; `minutes` returns its counter's row) and `holds`, a SELECT. That SELECT reads the
 * statement's snapshot: every earlier write of this transaction (the appointments) and all
 * committed before it, none of the CTEs' rows. Answers both rows as JSON objects.
 */
export async function storeResponse(
  db: Db,
  professionalId: string,
  bookingId: string,
  response: BookingResponse,
  along: { link: SQLWrapper; minutes: SQLWrapper; holds: SQLWrapper },
): Promise<{ minutes: unknown; holds: unknown }> {
  const answer = db
    .update(bookingRequests)
    .set({ response })
    .where(
      and(eq(bookingRequests.id, bookingId), eq(bookingRequests.professionalId, professionalId)),
    );
  // drizzle puts each embedded query in parentheses.
  const result = await db.execute(sql`WITH answered AS ${answer},
      link AS ${along.link},
      minutes AS ${along.minutes}
    SELECT (SELECT row_to_json(minutes) FROM minutes) AS minutes,
      (SELECT row_to_json(holds) FROM ${along.holds} AS holds) AS holds`);
  const [row] = (result as { rows: { minutes: unknown; holds: unknown }[] }).rows;
  // row_to_json's json, parsed by the driver (or text, should a driver leave it so).
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return { minutes: parsed(row?.minutes ?? null), holds: parsed(row?.holds ?? null) };
}

/**
 * Records that a proof-of-work solution (its challenge's signature) was used by the request with
 * this idempotency key. True when it was unused, or used by this same key (a retry); false when
 * another request used it.
 */
export async function claimPowUse(
  db: Db,
  signature: string,
  idempotencyKey: string,
  expiresAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(bookingPowUses)
    .values({ signature, idempotencyKey, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: bookingPowUses.signature });
  if (inserted.length > 0) return true;
  const [row] = await db
    .select({ idempotencyKey: bookingPowUses.idempotencyKey })
    .from(bookingPowUses)
    .where(eq(bookingPowUses.signature, signature));
  return row?.idempotencyKey === idempotencyKey;
}

// ------------------------------------------------ bookings waiting for the e-mailed code

export async function insertBookingCode(
  db: Db,
  values: {
    id: string;
    professionalId: string;
    codeHash: string;
    request: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(bookingCodes).values(values);
}

export async function findBookingCode(db: Db, professionalId: string, id: string) {
  const [row] = await db
    .select()
    .from(bookingCodes)
    .where(and(eq(bookingCodes.professionalId, professionalId), eq(bookingCodes.id, id)));
  return row;
}

/**
 * Spends one attempt, in one statement so parallel guesses cannot all pass the check: false when
 * none is left.
 */
export async function spendCodeAttempt(
  db: Db,
  professionalId: string,
  id: string,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(bookingCodes)
    .set({ attempts: sql`${bookingCodes.attempts} + 1` })
    .where(
      and(
        eq(bookingCodes.professionalId, professionalId),
        eq(bookingCodes.id, id),
        lt(bookingCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: bookingCodes.attempts });
  return rows.length > 0;
}

export async function markCodeConfirmed(
  db: Db,
  professionalId: string,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .update(bookingCodes)
    .set({ confirmedAt: now })
    .where(and(eq(bookingCodes.professionalId, professionalId), eq(bookingCodes.id, id)));
}
