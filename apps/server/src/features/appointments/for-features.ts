// What booking, public-profile, demo, dashboard, schedule, packages and reports ask of the
// appointments.
import {
  type AffectedAppointment,
  type Appointment,
  type DashboardPeriods,
  formatTime,
} from '@agendaki/shared';
import type { AnyColumn } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { serviceDirectory } from '../services/service';
import { AppError } from '../../lib/errors';
import { type DbDeps, NOT_FOUND, toAppointmentDto } from './deps';
import { directoriesOf } from './directories';
import * as repo from './repo';

/**
 * The appointment, its row held until `db`'s transaction ends: what is decided on its status
 * (a package session used) cannot race a cancel (docs/decisions/038-money-received.md).
 */
export async function lockAppointment(
  { db }: DbDeps,
  profileId: string,
  id: string,
): Promise<Appointment> {
  const row = (await repo.lockAppointment(db, profileId, id))
    ? await repo.findAppointment(db, profileId, directoriesOf(db, profileId), id)
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toAppointmentDto(row);
}

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

/** Appointments made since `since` per professional in an outer column (features/admin). */
export function recentAppointmentCountOf({ db }: DbDeps, professionalId: AnyColumn, since: Date) {
  return repo.recentAppointmentCountOf(db, professionalId, since);
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
