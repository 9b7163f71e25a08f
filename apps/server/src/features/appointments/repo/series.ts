// A horário fixo's appointments (features/series): its occurrences, and a price change.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { type Directories, joinedColumns, ownColumns } from './columns';

/** Every appointment of the series, cancelled ones too, by date and start. */
export function listSeriesRows(
  db: Db,
  professionalId: string,
  directories: Directories,
  seriesId: string,
) {
  return db
    .select(joinedColumns(directories, ownColumns))
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.seriesId, seriesId)),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id));
}

/** The series an appointment of a booking belongs to, if any. */
export async function findSeriesOfBooking(db: Db, professionalId: string, bookingId: string) {
  const [row] = await db
    .select({ seriesId: appointments.seriesId })
    .from(appointments)
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.bookingId, bookingId)),
    )
    .limit(1);
  return row?.seriesId ?? undefined;
}

export async function setAppointmentPrice(
  db: Db,
  professionalId: string,
  id: string,
  totalPrice: string,
  now: Date,
): Promise<void> {
  await db
    .update(appointments)
    .set({ totalPrice, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
}
