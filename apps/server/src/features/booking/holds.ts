import { createHmac } from 'node:crypto';
import {
  REPEATED_EXPIRED_HOLDS_MESSAGE,
  UNCONFIRMED_CAP_MESSAGE,
  UNPAID_HOLDS_CAP_MESSAGE,
} from '@agendaki/shared';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingRequests } from '../../db/schema';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { bookingIdsOfClient, heldBookingsOn } from '../appointments/service';
import { expiredDepositBookingIds } from '../deposits/service';
import { holdCapsOf } from '../profile/service';

const DAY = 24 * 3_600_000;

/**
 * Holds of one visitor that may expire unpaid in a day before it is refused another
 * (docs/decisions/027-booking-hold-caps.md): a client whose Pix failed once retries; a script
 * that lets holds expire to take them again at once is stopped on its second.
 */
export const EXPIRED_HOLDS_PER_VISITOR = 2;

/**
 * The visitor's address (an IPv6 /64) as the professional's bookings store it: HMAC-SHA256 under
 * the server key and the professional's id, 32 hex digits. Never the address (LGPD); not
 * comparable across professionals; not reversible by trying every IPv4 address without the key.
 */
export function visitorHash(key: Buffer, ip: string, professionalId: string): string {
  return createHmac('sha256', key)
    .update(`booking-visitor:${professionalId.toLowerCase()}:${clientAddressKey(ip)}`)
    .digest('hex')
    .slice(0, 32);
}

function publicBookingIds(db: Db, professionalId: string) {
  return db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(eq(bookingRequests.professionalId, professionalId));
}

interface HoldCounts {
  maxUnpaidHoldsPerDay: number;
  maxUnconfirmedPerDay: number;
  unpaid: number;
  unconfirmed: number;
  expired: number;
}

/** The day's caps and counts, and the visitor's holds expired in the last day: one SELECT. */
function holdsQuery(
  db: Db,
  professionalId: string,
  date: string,
  visitor: { hash: string; clientId?: string; since: Date },
) {
  const caps = holdCapsOf(db, professionalId);
  const held = heldBookingsOn(db, professionalId, date, publicBookingIds(db, professionalId));
  const expired = expiredDepositBookingIds(db, professionalId, visitor.since);
  const fromAddress = db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, professionalId),
        eq(bookingRequests.visitorHash, visitor.hash),
      ),
    );
  const ofClient = visitor.clientId
    ? sql` OR expired.booking_id IN (${bookingIdsOfClient(db, professionalId, sql`${visitor.clientId}::uuid`)})`
    : sql``;
  const count = (value: SQLWrapper, name: keyof HoldCounts) =>
    sql<number>`${value}`.mapWith(Number).as(name);
  return db
    .select({
      maxUnpaidHoldsPerDay: count(caps.maxUnpaidHoldsPerDay, 'maxUnpaidHoldsPerDay'),
      maxUnconfirmedPerDay: count(caps.maxUnconfirmedPerDay, 'maxUnconfirmedPerDay'),
      unpaid: count(held.unpaid, 'unpaid'),
      unconfirmed: count(held.unconfirmed, 'unconfirmed'),
      expired: count(
        sql`(SELECT count(*) FROM (${expired}) AS expired
        WHERE expired.booking_id IN (${fromAddress})${ofClient})`,
        'expired',
      ),
    })
    .from(caps)
    .innerJoin(held, sql`true`);
}

/**
 * A booking's check against the day's caps, as a SELECT for its transaction to run AFTER its
 * writes (features/booking runs it in the statement that stores its answer, after the
 * appointments' insert), so the counts include the booking itself and every booking committed
 * before it: the writes of one professional's time queue on one lock (migration 0016), and a
 * statement after them sees what the queue committed. `refuse` reads its row (by the column
 * names, as the driver or `row_to_json` gives them; none when the profile is gone): over a cap
 * the booking is refused with a pt-BR 409 naming no one, and its writes roll back.
 */
export function holdCapsCheck(
  tx: Db,
  booking: {
    professionalId: string;
    date: string;
    unpaid: boolean;
    clientId: string;
    visitorHash: string;
    now: Date;
  },
): { query: SQLWrapper; refuse(row: unknown): void } {
  const query = holdsQuery(tx, booking.professionalId, booking.date, {
    hash: booking.visitorHash,
    clientId: booking.clientId,
    since: new Date(booking.now.getTime() - DAY),
  });
  return {
    query,
    refuse(row) {
      if (!row) return;
      const counts = Object.fromEntries(
        Object.entries(row as Record<keyof HoldCounts, unknown>).map(([name, value]) => [
          name,
          Number(value),
        ]),
      ) as unknown as HoldCounts;
      if (booking.unpaid && counts.expired >= EXPIRED_HOLDS_PER_VISITOR) {
        throw new AppError('EXPIRED_HOLDS_REPEATED', REPEATED_EXPIRED_HOLDS_MESSAGE);
      }
      if (booking.unpaid && counts.unpaid > counts.maxUnpaidHoldsPerDay) {
        throw new AppError('UNPAID_HOLDS_CAP', UNPAID_HOLDS_CAP_MESSAGE);
      }
      if (counts.unconfirmed > counts.maxUnconfirmedPerDay) {
        throw new AppError('UNCONFIRMED_CAP', UNCONFIRMED_CAP_MESSAGE);
      }
    },
  };
}

/**
 * Before a dynamic Pix charge (features/booking/precharge.ts): true when a new hold on `date`
 * would be refused by the caps, so no charge is asked for it. Outside the transaction: only a
 * pre-check, `enforceHoldCaps` decides.
 */
export async function holdCapReached(
  db: Db,
  professionalId: string,
  date: string,
  visitor: { hash: string; now: Date },
): Promise<boolean> {
  const [counts] = await holdsQuery(db, professionalId, date, {
    hash: visitor.hash,
    since: new Date(visitor.now.getTime() - DAY),
  });
  if (!counts) return true;
  return (
    counts.expired >= EXPIRED_HOLDS_PER_VISITOR ||
    counts.unpaid >= counts.maxUnpaidHoldsPerDay ||
    counts.unconfirmed >= counts.maxUnconfirmedPerDay
  );
}
