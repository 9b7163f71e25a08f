import {
  type Appointment,
  type AppointmentStatus,
  formatTime,
  type Page,
  type SearchTerm,
  toSearchTerm,
} from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { bound, statementCache } from '../../db/prepared';
import { AppError } from '../../lib/errors';
import { getWeek } from '../availability/service';
import { clientIdsMatching, isOwnClient } from '../clients/service';
import { describeRuleBreak } from '../schedule/service';
import { findOwnService, serviceIdsMatching } from '../services/service';
import { bookingBefore, replanBookingReminder } from './bookings';
import {
  type AppointmentsDeps,
  CLIENT_NOT_FOUND,
  computeEndTime,
  type CreateInput,
  type DbDeps,
  getPeriodRange,
  type ListQuery,
  NOT_FOUND,
  type ProfessionalChangeHook,
  type ProfessionalContext,
  SERVICE_NOT_FOUND,
  toAppointmentDto,
  type UpdateInput,
} from './deps';
import { directoriesOf } from './directories';
import * as repo from './repo';

export {
  type AppointmentsDeps,
  getPeriodRange,
  type ProfessionalChangeHook,
  type ProfessionalContext,
  toAppointmentDto,
} from './deps';
export {
  addBookedAppointments,
  appointmentFigures,
  type BookedAppointmentValues,
  getReportGroups,
  listBusyTimes,
  listLiveAppointmentsBetween,
  lockAppointment,
  noShowCountOf,
  recentAppointmentCountOf,
  upcomingAppointments,
} from './for-features';
export { clearClientNotes, deleteAllAppointments, streamAppointments } from './privacy';
export { type DueQuery, listMissingClients, listReturnsDue, listReviewsDue } from './comeback';
export {
  newBookingReminderJob,
  planReminder,
  reminderKey,
  type ReminderJobData,
} from './reminder-schedule';
export {
  findBookingIdOf,
  listBookingAppointments,
  listLiveAppointmentsOn,
  moveBooking,
  replanBookingReminder,
  setBookingStatus,
} from './bookings';

export { bookingIdsOfClient, heldBookingsOn, liveAppointmentsOfBookings } from './holds';
export {
  addSeriesOccurrences,
  findSeriesOfBooking,
  listSeriesAppointments,
  type SeriesOccurrenceValues,
  setAppointmentPrice,
} from './series';

async function requireOwnClient(db: Db, profileId: string, clientId: string) {
  if (!(await isOwnClient({ db }, profileId, clientId))) {
    throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
  }
}

async function requireOwnService(db: Db, profileId: string, serviceId: string) {
  const service = await findOwnService(db, profileId, serviceId);
  if (!service) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  return service;
}

async function loadAppointment(db: Db, profileId: string, id: string): Promise<Appointment> {
  const row = await repo.findAppointment(db, profileId, directoriesOf(db, profileId), id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toAppointmentDto(row);
}

const pages = statementCache();

/** The agenda's search: the matching clients' and services' ids, as their owners' subqueries. */
function searchMatches(db: Db, profileId: string, term: SearchTerm): repo.SearchMatches {
  return {
    clientIds: clientIdsMatching({ db }, profileId, term),
    serviceIds: serviceIdsMatching(db, profileId, term),
  };
}

export async function listAppointments(
  { db, clock }: AppointmentsDeps,
  professional: ProfessionalContext,
  query: ListQuery,
): Promise<Page<Appointment>> {
  const { profileId } = professional;
  const term = query.search ? toSearchTerm(query.search) : undefined;
  const status = query.status === 'all' ? undefined : query.status;
  const { from, to } = getPeriodRange(query.period, clock.now(), professional.timezone);
  const offset = (query.page - 1) * query.pageSize;
  // One statement per shape (which filters, which kind of search), built once; the request's
  // values are bound (decision 022).
  const key = [status ? 'status' : '', from ? 'from' : '', to ? 'to' : '', term?.kind ?? '']
    .filter(Boolean)
    .join('_');
  const page = pages(db, key, () => {
    const professionalId = bound<string>('profileId');
    const pattern = bound<string>('pattern');
    return repo
      .appointmentsPageQuery(db, professionalId, directoriesOf(db, professionalId), {
        search: term && searchMatches(db, professionalId, { kind: term.kind, pattern }),
        status: status && bound<AppointmentStatus>('status'),
        from: from && bound<string>('from'),
        to: to && bound<string>('to'),
        limit: bound<number>('limit'),
        offset: bound<number>('offset'),
      })
      .prepare(`agendaki_agenda_${key || 'all'}`);
  });
  const rows = await page.execute({
    profileId,
    pattern: term?.pattern,
    status,
    from,
    to,
    limit: query.pageSize,
    offset,
  });
  // A later page past the end has no row to carry the total: counted apart. Nothing from the
  // start: nothing at all.
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : await repo.countAppointments(db, profileId, {
          search: term && searchMatches(db, profileId, term),
          status,
          from,
          to,
        }));
  return {
    items: rows.map(({ total: _total, ...row }) => toAppointmentDto(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every appointment of the dates [from, to] (inclusive, in the professional's zone), cancelled
 * ones included, at most `limit`: the calendar feed, the CSV export, the day and week views.
 */
export async function listAppointmentsInRange(
  { db }: DbDeps,
  profileId: string,
  range: { from: string; to: string },
  limit: number,
): Promise<Appointment[]> {
  const rows = await repo.listAppointmentsInRange(
    db,
    profileId,
    directoriesOf(db, profileId),
    range,
    limit,
  );
  return rows.map(toAppointmentDto);
}

export function getAppointment(
  { db }: DbDeps,
  profileId: string,
  id: string,
): Promise<Appointment> {
  return loadAppointment(db, profileId, id);
}

/**
 * The server computes end time and price from the service. Overlaps are refused by the
 * database's exclusion constraint (SQLSTATE 23P01 -> 409), which no race can slip past.
 */
export async function createAppointment(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  input: CreateInput,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    await requireOwnClient(tx, profileId, input.clientId);
    const service = await requireOwnService(tx, profileId, input.serviceId);
    // A dashboard appointment is a booking of one: its manage link and reminder are its own.
    const newId = randomUUID();
    const id = await repo.insertAppointment(tx, profileId, {
      id: newId,
      bookingId: newId,
      clientId: input.clientId,
      serviceId: input.serviceId,
      appointmentDate: input.appointmentDate,
      startTime: input.startTime,
      endTime: computeEndTime(input.startTime, service.durationMinutes),
      totalPrice: service.price,
      bufferMinutes: service.bufferMinutes,
      status: input.status ?? 'scheduled',
      notes: input.notes,
    });
    await replanBookingReminder({ db: tx, clock }, profileId, id);
    return withRuleWarning(tx, profileId, await loadAppointment(tx, profileId, id));
  });
}

/** The answer carries a warning when the appointment is outside the online booking rules. */
async function withRuleWarning(
  db: Db,
  profileId: string,
  appointment: Appointment,
): Promise<Appointment> {
  if (appointment.status === 'cancelled') return appointment;
  const { windows } = await getWeek({ db }, profileId);
  const warning = await describeRuleBreak({ db }, profileId, windows, {
    date: appointment.appointmentDate,
    startTime: appointment.startTime,
    endTime: appointment.endTime,
  });
  return warning ? { ...appointment, warning } : appointment;
}

/**
 * Changes any subset. A new service sets a new price; a new service, date or start time sets a
 * new end time from the service's duration. Otherwise the booked price and times stay. A new
 * time or status replans the reminder and is handed to `onChange` (the client is told).
 */
export async function updateAppointment(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  id: string,
  input: UpdateInput,
  onChange?: ProfessionalChangeHook,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const existing = await repo.findAppointmentRow(tx, profileId, id);
    if (!existing) throw new AppError('NOT_FOUND', NOT_FOUND);
    const values: Partial<repo.AppointmentValues> = { ...input };
    if (input.clientId !== undefined && input.clientId !== existing.clientId) {
      await requireOwnClient(tx, profileId, input.clientId);
    }
    const serviceId = input.serviceId ?? existing.serviceId;
    const startTime = input.startTime ?? formatTime(existing.startTime);
    const isNewService = serviceId !== existing.serviceId;
    const isNewTime =
      startTime !== formatTime(existing.startTime) ||
      (input.appointmentDate ?? existing.appointmentDate) !== existing.appointmentDate;
    if (isNewService || isNewTime) {
      const service = await requireOwnService(tx, profileId, serviceId);
      values.endTime = computeEndTime(startTime, service.durationMinutes);
      if (isNewService) {
        values.totalPrice = service.price;
        values.bufferMinutes = service.bufferMinutes;
      }
    }
    const bookingId = existing.bookingId ?? id;
    const isChange = isNewTime || input.status !== undefined;
    const before = isChange ? await bookingBefore(tx, profileId, bookingId) : null;
    await repo.updateAppointment(tx, profileId, id, values, clock.now());
    if (before) {
      await replanBookingReminder({ db: tx, clock }, profileId, bookingId);
      await onChange?.(tx, { professionalId: profileId, bookingId, before });
    }
    const updated = await loadAppointment(tx, profileId, id);
    return isNewService || isNewTime ? withRuleWarning(tx, profileId, updated) : updated;
  });
}

export async function deleteAppointment(
  { db }: DbDeps,
  profileId: string,
  id: string,
): Promise<void> {
  if (!(await repo.deleteAppointment(db, profileId, id))) {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
}
