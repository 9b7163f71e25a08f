import {
  addDaysToDate,
  CROSSES_MIDNIGHT_MESSAGE,
  formatTime,
  minutesToTime,
  timeToMinutes,
  toAppointmentStatus,
  toCents,
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
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { clientDirectory, clientIdsMatching, isOwnClient } from '../clients/service';
import { findOwnService, serviceDirectory, serviceIdsMatching } from '../services/service';
import { getWeek } from '../availability/service';
// schedule/rules, not schedule/service: the latter lists appointments through this file.
import { describeRuleBreak } from '../schedule/rules';
import * as repo from './repo';

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

/** The client and service columns shown with an appointment, from their own features. */
export function directoriesOf(db: Db, profileId: string): repo.Directories {
  return { clients: clientDirectory({ db }, profileId), services: serviceDirectory(db, profileId) };
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

export async function listAppointments(
  { db, clock }: AppointmentsDeps,
  professional: ProfessionalContext,
  query: ListQuery,
): Promise<Page<Appointment>> {
  const { profileId } = professional;
  const search = query.search
    ? {
        clientIds: clientIdsMatching({ db }, profileId, query.search),
        serviceIds: serviceIdsMatching(db, profileId, query.search),
      }
    : undefined;
  const { rows, total } = await repo.listAppointments(db, profileId, directoriesOf(db, profileId), {
    search,
    status: query.status === 'all' ? undefined : query.status,
    ...getPeriodRange(query.period, clock.now(), professional.timezone),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAppointmentDto), total, page: query.page, pageSize: query.pageSize };
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
  { db }: DbDeps,
  profileId: string,
  input: CreateInput,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    await requireOwnClient(tx, profileId, input.clientId);
    const service = await requireOwnService(tx, profileId, input.serviceId);
    const id = await repo.insertAppointment(tx, profileId, {
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
  const warning = await describeRuleBreak(db, profileId, windows, {
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
 * Inserts a public booking's appointments (status scheduled) in one statement, in `db`'s
 * transaction. An overlap fails the whole statement with SQLSTATE 23P01; the caller maps it.
 * Answers in the order given, times as "HH:MM".
 */
export async function insertBookedAppointments(
  { db }: DbDeps,
  profileId: string,
  values: readonly BookedAppointmentValues[],
): Promise<{ id: string; serviceId: string; startTime: string; endTime: string }[]> {
  const rows = await repo.insertAppointments(
    db,
    profileId,
    values.map((value) => ({ ...value, status: 'scheduled' as const })),
  );
  const byStart = new Map(rows.map((row) => [formatTime(row.startTime), row]));
  return values.map((value) => {
    const row = byStart.get(value.startTime)!;
    return {
      id: row.id,
      serviceId: row.serviceId,
      startTime: formatTime(row.startTime),
      endTime: formatTime(row.endTime),
    };
  });
}

/** The dashboard's counts and revenue of live appointments, previous month to today. */
export function getAppointmentFigures(
  { db }: DbDeps,
  profileId: string,
  periods: DashboardPeriods,
) {
  return repo.getAppointmentFigures(db, profileId, periods);
}

/** The next live appointments from a wall-clock date and time, as the agenda shows them. */
export async function listUpcomingAppointments(
  { db }: DbDeps,
  profileId: string,
  from: { date: string; time: string },
  limit: number,
): Promise<Appointment[]> {
  const rows = await repo.listUpcomingAppointments(
    db,
    profileId,
    directoriesOf(db, profileId),
    from,
    limit,
  );
  return rows.map(toAppointmentDto);
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
