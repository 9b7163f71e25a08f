import {
  addDaysToDate,
  CROSSES_MIDNIGHT_MESSAGE,
  formatTime,
  minutesToTime,
  timeToMinutes,
  toAppointmentStatus,
  toCents,
  toSearchTerm,
  WEEK_PERIOD_DAYS,
  zonedToday,
  type AffectedAppointment,
  type Appointment,
  type appointmentInputSchema,
  type appointmentListQuerySchema,
  type AppointmentPeriod,
  type DashboardPeriods,
  type appointmentUpdateSchema,
  type Page,
  type AppointmentStatus,
  type SearchTerm,
} from '@agendaki/shared';
import type { AnyColumn } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { bound, statementCache } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { clientIdsMatching, isOwnClient } from '../clients/service';
import { findOwnService, serviceDirectory, serviceIdsMatching } from '../services/service';
import { getWeek } from '../availability/service';
import { describeRuleBreak } from '../schedule/service';
import { findReminderSettings } from '../profile/service';
// The reminder's job only (no service of features/manage, which imports this file).
import { planReminder } from './reminder-schedule';

export {
  newBookingReminderJob,
  planReminder,
  reminderKey,
  type ReminderJobData,
} from './reminder-schedule';
import { directoriesOf } from './directories';
import * as repo from './repo';

export { bookingIdsOfClient, heldBookingsOn, liveAppointmentsOfBookings } from './holds';

/**
 * What the service needs (decision 010): the database (a transaction when the caller has one:
 * `{ ...deps, db: tx }`) and the clock. A function that needs less asks for a `Pick`.
 */
export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
}
type DbDeps = Pick<AppointmentsDeps, 'db'>;

type CreateInput = z.output<typeof appointmentInputSchema>;
type UpdateInput = z.output<typeof appointmentUpdateSchema>;
type ListQuery = z.output<typeof appointmentListQuerySchema>;

/** Who asks, and where their wall clock stands (docs/product.md, Time). */
export interface ProfessionalContext {
  profileId: string;
  timezone: string;
}

const NOT_FOUND = 'Agendamento não encontrado';
const CLIENT_NOT_FOUND = 'Cliente não encontrado';
const SERVICE_NOT_FOUND = 'Serviço não encontrado';

export function toAppointmentDto(row: repo.JoinedAppointment): Appointment {
  return {
    id: row.id,
    clientId: row.clientId,
    serviceId: row.serviceId,
    appointmentDate: row.appointmentDate,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
    totalPrice: row.totalPrice,
    totalPriceCents: toCents(row.totalPrice),
    status: toAppointmentStatus(row.status),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.bookingId ?? row.id,
    client: row.client,
    service: row.service,
  };
}

/** "Today" and "next 7 days" are calendar dates in the professional's zone, from the clock. */
export function getPeriodRange(
  period: AppointmentPeriod,
  now: Date,
  timezone: string,
): { from?: string; to?: string } {
  if (period === 'all') return {};
  const today = zonedToday(now, timezone);
  return { from: today, to: period === 'today' ? today : addDaysToDate(today, WEEK_PERIOD_DAYS) };
}

/** End = start + the service's duration (docs/product.md section 9); it may end at 24:00, not later. */
function computeEndTime(startTime: string, durationMinutes: number): string {
  const end = timeToMinutes(startTime) + durationMinutes;
  if (end > 24 * 60) throw new AppError('BAD_REQUEST', CROSSES_MIDNIGHT_MESSAGE);
  return minutesToTime(end);
}

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
 * new end time from the service's duration. Otherwise the booked price and times stay.
 */
export async function updateAppointment(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  id: string,
  input: UpdateInput,
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
    await repo.updateAppointment(tx, profileId, id, values, clock.now());
    if (isNewTime || input.status !== undefined) {
      await replanBookingReminder({ db: tx, clock }, profileId, existing.bookingId ?? id);
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

// ------------------------------------------------ for features/booking, public-profile, demo, dashboard

/** Non-cancelled appointments of the date as "HH:MM" intervals, for `listAvailableSlots`. */
export async function listBusyTimes(
  { db }: DbDeps,
  profileId: string,
  date: string,
): Promise<{ startTime: string; endTime: string }[]> {
  const rows = await repo.listBusyIntervals(db, profileId, date);
  return rows.map((row) => ({
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
  }));
}

export interface BookedAppointmentValues {
  bookingId: string;
  clientId: string;
  serviceId: string;
  appointmentDate: string;
  startTime: string;
  endTime: string;
  totalPrice: string;
  bufferMinutes: number;
  notes: string | null;
}

/**
 * A public booking's appointments (status scheduled, or awaiting_deposit while a Pix sinal holds
 * the time), in one insert: an overlap fails it with SQLSTATE 23P01, and the caller maps it.
 * Answers the rows, in the order given, with the ids made here and times as "HH:MM".
 */
export async function addBookedAppointments(
  { db }: DbDeps,
  profileId: string,
  values: readonly BookedAppointmentValues[],
  status: 'scheduled' | 'awaiting_deposit' = 'scheduled',
): Promise<{ id: string; serviceId: string; startTime: string; endTime: string }[]> {
  const rows = values.map((value) => ({ ...value, id: randomUUID(), status }));
  await repo.insertAppointments(db, profileId, rows);
  return rows.map((row) => ({
    id: row.id,
    serviceId: row.serviceId,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
  }));
}

/** The dashboard's counts and revenue, as a one-row subquery (features/dashboard, decision 015). */
export function appointmentFigures(
  { db }: DbDeps,
  profileId: string,
  periods: Pick<DashboardPeriods, 'today' | 'yesterday' | 'month' | 'previousMonth'>,
) {
  return repo.appointmentFigures(db, profileId, periods);
}

/** The no-shows of the client in an outer query's column, as a subquery (the client list). */
export function noShowCountOf({ db }: DbDeps, profileId: string, clientId: AnyColumn) {
  return repo.noShowCountOf(db, profileId, clientId);
}

/** The next kept appointments from a wall-clock date and time, as a subquery (features/dashboard). */
export function upcomingAppointments(
  { db }: DbDeps,
  profileId: string,
  from: { date: string; time: string },
  limit: number,
) {
  return repo.upcomingAppointments(db, profileId, directoriesOf(db, profileId), from, limit);
}

/**
 * Live appointments on the dates [from, to] with their client's and service's names, by date
 * and start time (features/schedule: those inside a time being closed). In `db`'s transaction.
 */
export async function listLiveAppointmentsBetween(
  { db }: DbDeps,
  profileId: string,
  range: { from: string; to: string },
): Promise<AffectedAppointment[]> {
  const rows = await repo.listLiveAppointmentsBetween(
    db,
    profileId,
    directoriesOf(db, profileId),
    range.from,
    range.to,
  );
  return rows.map((row) => ({
    ...row,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
  }));
}

/** The grouped figures of Relatórios for [from, to] in one statement (features/reports). */
export function getReportGroups(
  { db }: DbDeps,
  profileId: string,
  range: { from: string; to: string },
) {
  return repo.getReportGroups(db, profileId, { services: serviceDirectory(db, profileId) }, range);
}

// ------------------------------------------------ for features/privacy (docs/decisions/012-lgpd.md)

/**
 * Every appointment of the professional, or of one client, by date and time, read in batches
 * by key (never OFFSET): an export of 100,000 appointments holds one batch at a time.
 */
export async function* streamAppointments(
  { db }: DbDeps,
  profileId: string,
  options: { clientId?: string; batchSize?: number } = {},
): AsyncGenerator<Appointment> {
  const limit = options.batchSize ?? 1000;
  let after: repo.AppointmentCursor | null = null;
  for (;;) {
    const rows = await repo.listAppointmentsAfter(db, profileId, directoriesOf(db, profileId), {
      clientId: options.clientId,
      after,
      limit,
    });
    for (const row of rows) yield toAppointmentDto(row);
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = { appointmentDate: last.appointmentDate, startTime: last.startTime, id: last.id };
  }
}

/** A client's data erased: their appointments stay, without the notes they typed. Returns the ids. */
export function clearClientNotes(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  clientId: string,
): Promise<string[]> {
  return repo.clearNotesOfClient(db, profileId, clientId, clock.now());
}

/** An account deleted: its appointments go first (a service cannot go while one points at it). */
export function deleteAllAppointments({ db }: DbDeps, profileId: string): Promise<void> {
  return repo.deleteAllOfProfessional(db, profileId);
}

// ------------------------------------------------ a booking's appointments (features/manage)

/** A booking's appointments, cancelled ones too, by start (times "HH:MM"). */
export async function listBookingAppointments(
  { db }: DbDeps,
  profileId: string,
  bookingId: string,
) {
  const rows = await repo.listBookingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    bookingId,
  );
  return rows.map((row) => ({
    ...toAppointmentDto(row),
    bookingId: row.bookingId ?? row.id,
  }));
}

/** The booking an appointment belongs to, if the appointment is the professional's. */
export function findBookingIdOf({ db }: DbDeps, profileId: string, id: string) {
  return repo.findBookingIdOf(db, profileId, id);
}

/**
 * Puts the booking's e-mail reminder before its first live appointment, or removes it
 * (reminder-schedule.ts). In `db`'s transaction, after the change.
 */
export async function replanBookingReminder(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
): Promise<void> {
  const rows = await repo.listBookingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    bookingId,
  );
  const first = rows.find((row) => row.status !== 'cancelled');
  const settings = await findReminderSettings({ db }, profileId);
  if (!settings) return;
  await planReminder(db, {
    professionalId: profileId,
    bookingId,
    start: first ? { date: first.appointmentDate, time: formatTime(first.startTime) } : null,
    timeZone: settings.timezone,
    reminderHours: settings.reminderHours,
    now: clock.now(),
  });
}

/** Sets the status of the booking's appointments now in one of `from`; how many changed. */
export function setBookingStatus(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
  from: readonly AppointmentStatus[],
  to: AppointmentStatus,
): Promise<number> {
  return repo.setBookingStatus(db, profileId, bookingId, from, to, clock.now());
}

/**
 * Moves a booking's live appointments to new times in `db`'s transaction: first all are
 * released (cancelled, their occupied time freed), then each is put at its new time as
 * `scheduled`, so the old times never block the new ones; the exclusion constraint decides
 * against everyone else (23P01 for the caller to map).
 */
export async function moveBooking(
  { db, clock }: AppointmentsDeps,
  profileId: string,
  bookingId: string,
  moves: readonly {
    id: string;
    appointmentDate: string;
    startTime: string;
    endTime: string;
    /** 'awaiting_deposit' keeps a pending sinal's hold (its deadline stays, decision 017). */
    status?: 'scheduled' | 'awaiting_deposit';
  }[],
): Promise<void> {
  const now = clock.now();
  await repo.setBookingStatus(
    db,
    profileId,
    bookingId,
    ['scheduled', 'confirmed', 'awaiting_deposit'],
    'cancelled',
    now,
  );
  for (const move of moves) {
    await repo.moveAppointment(
      db,
      profileId,
      move.id,
      { ...move, status: move.status ?? 'scheduled' },
      now,
    );
  }
}

/** Live appointments on `date` with client and service, by start (WhatsApp reminders). */
export async function listLiveAppointmentsOn({ db }: DbDeps, profileId: string, date: string) {
  const rows = await repo.listLiveOn(db, profileId, directoriesOf(db, profileId), date);
  return rows.map((row) => ({ ...toAppointmentDto(row), bookingId: row.bookingId ?? row.id }));
}
