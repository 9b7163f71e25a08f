import {
  addDaysToDate,
  formatTime,
  resolveDateWindows,
  slotStepFromColumn,
  timeToMinutes,
  type AvailabilityWindow,
  type BookingRules,
  type BusyInterval,
  type DateException,
  type TimeOff,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  bookingRulesOf,
  findBookingRules,
  lockProfile,
  profileLockQuery,
  type ProfileLockQuery,
} from '../profile/service';
import * as repo from './repo';

/*
 * The read side of the schedule: what the public page, the booking and the agenda's rule
 * warning need. It is apart from service.ts because features/appointments asks it for the
 * warning while service.ts asks features/appointments which appointments a closed time
 * holds: one file for both would be an import cycle (docs/decisions/010-one-owner-per-table.md).
 * service.ts re-exports all of it; other features import service.ts, appointments this file.
 */

/** What the schedule's functions are given (docs/decisions/010-one-owner-per-table.md). */
export interface ScheduleDeps {
  db: Db;
  clock: Clock;
}

/** Exceptions and time off are read this far ahead: past the longest horizon (365 days). */
const SCHEDULE_DAYS_AHEAD = 366;

/** What decides the public slots besides the week and the occupied time. */
export interface Schedule {
  overrides: DateException[];
  timeOff: TimeOff[];
  rules: BookingRules;
}

/**
 * Orders what decides whether a time is bookable, per professional
 * (docs/decisions/009-real-week.md). A save of exceptions or time off takes the profile row
 * `exclusive` (FOR NO KEY UPDATE, as an UPDATE of the rules does); a booking takes it `share`
 * (FOR SHARE): bookings do not wait for each other (the exclusion constraint decides between
 * them), but a save waits for the bookings in flight and holds off new ones until it commits,
 * so a booking re-checks the rules after any save that committed before it, and a save lists
 * every booking that committed before it. A booking under a daily cap takes it `exclusive`: it
 * counts the day's appointments. Neither mode blocks the foreign-key checks of inserts.
 */
export function lockProfessional(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  mode: 'share' | 'exclusive',
): Promise<void> {
  return lockProfile({ db }, professionalId, mode);
}

/**
 * The same lock as a query, for a transaction whose first statement takes it (the booking's
 * claim of its idempotency key, features/booking/repo.ts): the rules must then be read in a
 * later statement, which sees whatever the save it waited for committed.
 */
export function professionalLockQuery(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  mode: 'share' | 'exclusive',
): ProfileLockQuery {
  return profileLockQuery({ db }, professionalId, mode);
}

export function groupExceptions(rows: Awaited<ReturnType<typeof repo.listExceptionRows>>) {
  const byDate = new Map<string, DateException>();
  for (const row of rows) {
    let exception = byDate.get(row.date);
    if (!exception) {
      exception = { date: row.date, windows: [], note: row.note };
      byDate.set(row.date, exception);
    }
    if (row.startTime && row.endTime) {
      exception.windows.push({
        startTime: formatTime(row.startTime),
        endTime: formatTime(row.endTime),
      });
    }
  }
  return [...byDate.values()];
}

function toBookingRules(row: {
  minNoticeMinutes: number;
  horizonDays: number;
  slotStep: number;
  maxBookingsPerDay: number | null;
  paused: boolean;
}): BookingRules {
  return {
    minNoticeMinutes: row.minNoticeMinutes,
    horizonDays: row.horizonDays,
    slotStep: slotStepFromColumn(row.slotStep),
    maxBookingsPerDay: row.maxBookingsPerDay,
    paused: row.paused,
  };
}

export async function getRules(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
): Promise<BookingRules> {
  const row = await findBookingRules({ db }, professionalId);
  if (!row) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return toBookingRules(row);
}

/**
 * The exceptions and time off from `today` on, and the rules: read fresh from `db`, in one
 * statement (the rules' columns are features/profile's subquery). A booking takes the
 * professional's lock in a statement of its own before this one: under READ COMMITTED a
 * statement reads the rows committed when it began, so a read in the lock's own statement would
 * miss an exception saved by the very transaction the lock waited for.
 */
export async function loadSchedule(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  today: string,
): Promise<Schedule> {
  const row = await repo.findSchedule(
    db,
    (profileId) => bookingRulesOf({ db }, profileId),
    professionalId,
    today,
    addDaysToDate(today, SCHEDULE_DAYS_AHEAD),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return {
    overrides: groupExceptions(row.exceptions),
    timeOff: row.timeOff,
    rules: toBookingRules(row),
  };
}

// ------------------------------------------------ occupied time

export const startOf = (date: string) => `${date} 00:00:00`;

/** A wall-clock timestamp as minutes from the date's midnight, clipped to the date. */
export function minutesOn(date: string, timestamp: string): number {
  const day = timestamp.slice(0, 10);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  return timeToMinutes(timestamp.slice(11, 16));
}

function toBusy(date: string, rows: readonly { startsAt: string; endsAt: string }[]) {
  return rows
    .filter((row) => row.startsAt < startOf(addDaysToDate(date, 1)) && row.endsAt > startOf(date))
    .map((row) => {
      const start = minutesOn(date, row.startsAt);
      const end = minutesOn(date, row.endsAt);
      return { startTime: minutesLabel(start), endTime: minutesLabel(end) };
    });
}

export function minutesLabel(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Occupied time on the date (appointments with buffers, blocks), for `listAvailableSlots`. */
export async function listBusyTimes(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  date: string,
): Promise<BusyInterval[]> {
  const rows = await repo.listOccupied(
    db,
    professionalId,
    startOf(date),
    startOf(addDaysToDate(date, 1)),
  );
  return toBusy(date, rows);
}

/** Occupied time and appointment counts for every date of [from, to]. */
export async function listBusyTimesBetween(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  from: string,
  to: string,
): Promise<{ busy: Map<string, BusyInterval[]>; counts: Map<string, number> }> {
  const end = startOf(addDaysToDate(to, 1));
  const [rows, counts] = await readAll(db, [
    () => repo.listOccupied(db, professionalId, startOf(from), end),
    () => repo.countAppointmentsByDate(db, professionalId, startOf(from), end),
  ]);
  const busy = new Map<string, BusyInterval[]>();
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    busy.set(date, toBusy(date, rows));
  }
  return { busy, counts: new Map(counts.map((row) => [row.date, row.count])) };
}

export async function countAppointmentsOn(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  date: string,
): Promise<number> {
  const [row] = await repo.countAppointmentsByDate(
    db,
    professionalId,
    startOf(date),
    startOf(addDaysToDate(date, 1)),
  );
  return row?.count ?? 0;
}

// ------------------------------------------------ the dashboard books outside the rules

const RULE_WARNINGS = {
  time_off: 'Atenção: este horário está em uma Folga/Férias.',
  closed_date: 'Atenção: esta data está fechada para agendamentos.',
  weekday: 'Atenção: este horário está fora do horário de atendimento.',
  cap: 'Atenção: o limite de agendamentos por dia foi ultrapassado.',
} as const;

/**
 * Which rule an appointment placed from the dashboard breaks, as a pt-BR warning, or
 * undefined. The professional may do it (docs/decisions/009-real-week.md); the database still
 * refuses an overlap with another appointment or a block.
 */
export async function describeRuleBreak(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  week: readonly AvailabilityWindow[],
  appointment: { date: string; startTime: string; endTime: string },
): Promise<string | undefined> {
  const { overrides, timeOff, rules } = await loadSchedule(
    { db },
    professionalId,
    appointment.date,
  );
  const { windows, reason } = resolveDateWindows(appointment.date, week, overrides, timeOff);
  if (reason) return RULE_WARNINGS[reason];
  const start = timeToMinutes(appointment.startTime);
  const end = timeToMinutes(appointment.endTime);
  if (!windows.some((w) => w.start <= start && end <= w.end)) return RULE_WARNINGS.weekday;
  if (
    rules.maxBookingsPerDay !== null &&
    (await countAppointmentsOn({ db }, professionalId, appointment.date)) > rules.maxBookingsPerDay
  ) {
    return RULE_WARNINGS.cap;
  }
  return undefined;
}
