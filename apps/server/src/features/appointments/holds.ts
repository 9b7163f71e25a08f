import { and, eq, gte, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { directoriesOf } from './directories';

/**
 * What anonymous visitors hold of one day (docs/decisions/027-booking-hold-caps.md), as a
 * subquery features/booking reads with the caps in one statement: bookings awaiting the Pix
 * sinal (`unpaid`), and public bookings (`publicBookingIds`) still scheduled or awaiting it
 * (`unconfirmed`). Counted by booking, not by appointment: a booking of three services is one.
 */
export function heldBookingsOn(
  db: Db,
  professionalId: string,
  date: string,
  publicBookingIds: SQLWrapper,
) {
  return db
    .select({
      unpaid:
        sql<number>`count(DISTINCT ${appointments.bookingId}) FILTER (WHERE ${appointments.status} = 'awaiting_deposit')`
          .mapWith(Number)
          .as('unpaid'),
      unconfirmed:
        sql<number>`count(DISTINCT ${appointments.bookingId}) FILTER (WHERE ${appointments.status} = 'awaiting_deposit' OR (${appointments.status} = 'scheduled' AND ${appointments.bookingId} IN ${publicBookingIds}))`
          .mapWith(Number)
          .as('unconfirmed'),
    })
    .from(appointments)
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.appointmentDate, date)),
    )
    .as('held');
}

/** The bookings of `clientId` with this professional (a subquery of booking ids). */
export function bookingIdsOfClient(db: Db, professionalId: string, clientId: SQLWrapper) {
  return db
    .selectDistinct({ bookingId: appointments.bookingId })
    .from(appointments)
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.clientId, clientId)),
    );
}

/** Live (scheduled, confirmed or awaiting the sinal) appointments of these bookings from `day` on. */
export function liveAppointmentsOfBookings(
  db: Db,
  professionalId: string,
  bookingIds: readonly string[],
  day: string,
) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  const { clients } = directoriesOf(db, professionalId);
  return db
    .select({
      bookingId: appointments.bookingId,
      clientName: clients.name,
      date: appointments.appointmentDate,
      startTime: appointments.startTime,
      status: appointments.status,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        inArray(appointments.bookingId, [...bookingIds]),
        inArray(appointments.status, ['scheduled', 'confirmed', 'awaiting_deposit']),
        gte(appointments.appointmentDate, day),
      ),
    )
    .orderBy(appointments.appointmentDate, appointments.startTime);
}
