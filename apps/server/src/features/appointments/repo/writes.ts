// Appointment writes: insert, update, delete, a booking's status and move, LGPD erasure.
import type { AppointmentStatus } from '@agendaki/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { isUuid } from '../../../lib/params';

export interface AppointmentValues {
  clientId: string;
  serviceId: string;
  appointmentDate: string;
  startTime: string;
  endTime: string;
  totalPrice: string;
  /** The service's "Intervalo após", part of the occupied time (docs/decisions/009-real-week.md). */
  bufferMinutes?: number;
  status: AppointmentStatus;
  notes: string | null;
  /** Set on insert: the booking's id (a dashboard appointment's own, given as `id` too). */
  id?: string;
  bookingId?: string;
  /** A horário fixo's occurrence (features/series). */
  seriesId?: string | null;
}

export async function insertAppointment(
  db: Db,
  professionalId: string,
  values: AppointmentValues,
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, professionalId })
    .returning({ id: appointments.id });
  return row!.id;
}

/**
 * Holds the appointment's row until the transaction ends (a package session used on it waits
 * for a racing cancel, and the other way round). False when it is not the professional's.
 */
export async function lockAppointment(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .for('update');
  return rows.length > 0;
}

export async function updateAppointment(
  db: Db,
  professionalId: string,
  id: string,
  values: Partial<AppointmentValues>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

export async function deleteAppointment(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** A booked appointment's row: every column the booking writes, none left to its default. */
export type BookedAppointmentRow = Required<Omit<AppointmentValues, 'seriesId'>> &
  Pick<AppointmentValues, 'seriesId'>;

/**
 * Several appointments in one statement, with the ids made beforehand: all are inserted or none
 * (the exclusion constraint decides).
 */
export async function insertAppointments(
  db: Db,
  professionalId: string,
  rows: readonly BookedAppointmentRow[],
): Promise<void> {
  await db.insert(appointments).values(rows.map((row) => ({ ...row, professionalId })));
}

/** Empties the notes of a client's appointments (the client typed them); returns the ids. */
export async function clearNotesOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(appointments)
    .set({ notes: null, updatedAt: now })
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.clientId, clientId)),
    )
    .returning({ id: appointments.id });
  return rows.map((row) => row.id);
}

/** Every appointment of the professional (their occupied times go with them, by cascade). */
export async function deleteAllOfProfessional(db: Db, professionalId: string): Promise<void> {
  await db.delete(appointments).where(eq(appointments.professionalId, professionalId));
}

/** Sets the status of the booking's appointments whose status is one of `from`. */
export async function setBookingStatus(
  db: Db,
  professionalId: string,
  bookingId: string,
  from: readonly AppointmentStatus[],
  to: AppointmentStatus,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.bookingId, bookingId),
        inArray(appointments.status, [...from]),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

/** Moves one appointment (status kept): its occupied time follows (the trigger). */
export async function moveAppointment(
  db: Db,
  professionalId: string,
  id: string,
  values: { appointmentDate: string; startTime: string; endTime: string; status: string },
  now: Date,
): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
}
