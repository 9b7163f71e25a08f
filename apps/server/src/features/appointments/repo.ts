// The appointments' queries (one owner per table, decision 010); the agenda's page, its search,
// the writes and the figures live in repo/ and are re-exported here.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { isUuid } from '../../lib/params';
import { type Directories, isLive, joinedColumns, ownColumns, selectJoined } from './repo/columns';

export { type AppointmentRow, type Directories } from './repo/columns';
export {
  type ListAppointmentsFilter,
  type ListAppointmentsOptions,
  type SearchMatches,
} from './repo/search';
export {
  appointmentsPageQuery,
  countAppointments,
  findAppointment,
  findAppointmentRow,
  type JoinedAppointment,
  listAppointmentsInRange,
} from './repo/page';
export {
  type AppointmentValues,
  type BookedAppointmentRow,
  clearNotesOfClient,
  deleteAllOfProfessional,
  deleteAppointment,
  insertAppointment,
  insertAppointments,
  lockAppointment,
  moveAppointment,
  setBookingStatus,
  updateAppointment,
} from './repo/writes';
export {
  appointmentFigures,
  getReportGroups,
  noShowCountOf,
  recentAppointmentCountOf,
  type ReportDimension,
  upcomingAppointments,
} from './repo/figures';

/** The times held on a date: every appointment that is not cancelled (public booking slots). */
export function listBusyIntervals(db: Db, professionalId: string, date: string) {
  return db
    .select({ startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.appointmentDate, date),
        isLive,
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/**
 * Live (not cancelled) appointments on the dates [from, to] with their client's and service's
 * names, by date and start: those inside a time the professional closes (features/schedule).
 */
export function listLiveAppointmentsBetween(
  db: Db,
  professionalId: string,
  directories: Directories,
  from: string,
  to: string,
) {
  return db
    .select({
      id: appointments.id,
      appointmentDate: appointments.appointmentDate,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      clientName: directories.clients.name,
      serviceName: directories.services.name,
    })
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        isLive,
        gte(appointments.appointmentDate, from),
        lte(appointments.appointmentDate, to),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime));
}

// ------------------------------------------------ LGPD (docs/decisions/012-lgpd.md)

/** Where a batch of an export stopped: the last row's position in (date, start, id) order. */
export interface AppointmentCursor {
  appointmentDate: string;
  startTime: string;
  id: string;
}

/** A batch of the professional's appointments (or one client's) after `after`, with their client and service. */
export function listAppointmentsAfter(
  db: Db,
  professionalId: string,
  directories: Directories,
  options: { clientId?: string; after: AppointmentCursor | null; limit: number },
) {
  const { after } = options;
  return selectJoined(db, directories)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        options.clientId ? eq(appointments.clientId, options.clientId) : undefined,
        after
          ? sql`(${appointments.appointmentDate}, ${appointments.startTime}, ${appointments.id}) > (${after.appointmentDate}::date, ${after.startTime}::time, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(options.limit);
}

// ------------------------------------------------ a booking's appointments (features/manage)

/** Every appointment of a booking, cancelled ones too, by start, with client and service. */
export function listBookingAppointments(
  db: Db,
  professionalId: string,
  directories: Directories,
  bookingId: string,
) {
  return db
    .select({ ...joinedColumns(directories, ownColumns), bookingId: appointments.bookingId })
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.bookingId, bookingId)),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime));
}

/** The booking an appointment belongs to (a dashboard appointment: its own id). */
export async function findBookingIdOf(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ bookingId: appointments.bookingId, id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
  return row ? (row.bookingId ?? row.id) : undefined;
}

/** Live appointments on one date with client and service (the WhatsApp reminders' list). */
export function listLiveOn(db: Db, professionalId: string, directories: Directories, date: string) {
  return db
    .select({ ...joinedColumns(directories, ownColumns), bookingId: appointments.bookingId })
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.appointmentDate, date),
        isLive,
      ),
    )
    .orderBy(asc(appointments.startTime));
}
