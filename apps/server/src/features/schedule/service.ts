import {
  addDaysToDate,
  BLOCK_NOT_FOUND_MESSAGE,
  formatTime,
  slotStepFromColumn,
  slotStepToColumn,
  timeToMinutes,
  TIME_OFF_NOT_FOUND_MESSAGE,
  type AffectedAppointment,
  type Block,
  type blockInputSchema,
  type BookingRules,
  type BusyInterval,
  type DateException,
  type dateExceptionInputSchema,
  resolveDateWindows,
  type AvailabilityWindow,
  type TimeOff,
  type timeOffInputSchema,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

export { lockProfessional } from './repo';

type ExceptionInput = z.output<typeof dateExceptionInputSchema>;
type TimeOffInput = z.output<typeof timeOffInputSchema>;
type BlockInput = z.output<typeof blockInputSchema>;

const EXCEPTION_NOT_FOUND = 'Exceção não encontrada';
/** Exceptions and time off are read this far ahead: past the longest horizon (365 days). */
const SCHEDULE_DAYS_AHEAD = 366;

/** What decides the public slots besides the week and the occupied time. */
export interface Schedule {
  overrides: DateException[];
  timeOff: TimeOff[];
  rules: BookingRules;
}

function groupExceptions(rows: Awaited<ReturnType<typeof repo.listExceptionRows>>) {
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

export function toBookingRules(row: {
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

export async function getRules(db: Db, professionalId: string): Promise<BookingRules> {
  const row = await repo.findRules(db, professionalId);
  if (!row) throw new AppError('NOT_FOUND', 'Perfil não encontrado');
  return toBookingRules(row);
}

export async function saveRules(
  db: Db,
  professionalId: string,
  rules: BookingRules,
  now: Date,
): Promise<BookingRules> {
  await repo.updateRules(
    db,
    professionalId,
    {
      minNoticeMinutes: rules.minNoticeMinutes,
      horizonDays: rules.horizonDays,
      slotStep: slotStepToColumn(rules.slotStep),
      maxBookingsPerDay: rules.maxBookingsPerDay,
      bookingPaused: rules.paused,
    },
    now,
  );
  return getRules(db, professionalId);
}

/** The exceptions and time off from `today` on, and the rules: read fresh from `db`. */
export async function loadSchedule(
  db: Db,
  professionalId: string,
  today: string,
): Promise<Schedule> {
  const [exceptions, timeOff, rules] = await Promise.all([
    repo.listExceptionRows(db, professionalId, today, addDaysToDate(today, SCHEDULE_DAYS_AHEAD)),
    repo.listTimeOffRows(db, professionalId, today),
    getRules(db, professionalId),
  ]);
  return { overrides: groupExceptions(exceptions), timeOff, rules };
}

// ------------------------------------------------ occupied time

const startOf = (date: string) => `${date} 00:00:00`;

/** A wall-clock timestamp as minutes from the date's midnight, clipped to the date. */
function minutesOn(date: string, timestamp: string): number {
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

function minutesLabel(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Occupied time on the date (appointments with buffers, blocks), for `listAvailableSlots`. */
export async function listBusyTimes(
  db: Db,
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
  db: Db,
  professionalId: string,
  from: string,
  to: string,
): Promise<{ busy: Map<string, BusyInterval[]>; counts: Map<string, number> }> {
  const end = startOf(addDaysToDate(to, 1));
  const [rows, counts] = await Promise.all([
    repo.listOccupied(db, professionalId, startOf(from), end),
    repo.countAppointmentsByDate(db, professionalId, startOf(from), end),
  ]);
  const busy = new Map<string, BusyInterval[]>();
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    busy.set(date, toBusy(date, rows));
  }
  return { busy, counts: new Map(counts.map((row) => [row.date, row.count])) };
}

export async function countAppointmentsOn(
  db: Db,
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
  db: Db,
  professionalId: string,
  week: readonly AvailabilityWindow[],
  appointment: { date: string; startTime: string; endTime: string },
): Promise<string | undefined> {
  const { overrides, timeOff, rules } = await loadSchedule(db, professionalId, appointment.date);
  const { windows, reason } = resolveDateWindows(appointment.date, week, overrides, timeOff);
  if (reason) return RULE_WARNINGS[reason];
  const start = timeToMinutes(appointment.startTime);
  const end = timeToMinutes(appointment.endTime);
  if (!windows.some((w) => w.start <= start && end <= w.end)) return RULE_WARNINGS.weekday;
  if (
    rules.maxBookingsPerDay !== null &&
    (await countAppointmentsOn(db, professionalId, appointment.date)) > rules.maxBookingsPerDay
  ) {
    return RULE_WARNINGS.cap;
  }
  return undefined;
}

// ------------------------------------------------ exceptions, time off (dashboard)

function toAffected(
  row: Awaited<ReturnType<typeof repo.listAppointmentsBetween>>[number],
): AffectedAppointment {
  return {
    id: row.id,
    appointmentDate: row.appointmentDate,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
    clientName: row.clientName,
    serviceName: row.serviceName,
  };
}

export async function listExceptions(
  db: Db,
  professionalId: string,
  today: string,
): Promise<DateException[]> {
  return groupExceptions(await repo.listExceptionRows(db, professionalId, today));
}

/**
 * Closes a date or gives it its own windows, under the professional's lock (so no booking
 * lands in the closed time once this commits), and lists the appointments already outside the
 * new hours; none is cancelled.
 */
export async function saveException(
  db: Db,
  professionalId: string,
  date: string,
  input: ExceptionInput,
): Promise<{ exception: DateException; affected: AffectedAppointment[] }> {
  return db.transaction(async (tx) => {
    await repo.lockProfessional(tx, professionalId, 'exclusive');
    await repo.replaceException(tx, professionalId, date, input.windows, input.note);
    const windows = input.windows.map((w) => [
      timeToMinutes(w.startTime),
      timeToMinutes(w.endTime),
    ]);
    const onDate = await repo.listAppointmentsBetween(tx, professionalId, date, date);
    const affected = onDate.filter((row) => {
      const start = timeToMinutes(formatTime(row.startTime));
      const end = timeToMinutes(formatTime(row.endTime));
      return !windows.some(([from, to]) => from! <= start && end <= to!);
    });
    return {
      exception: { date, windows: input.windows, note: input.note },
      affected: affected.map(toAffected),
    };
  });
}

export async function removeException(db: Db, professionalId: string, date: string) {
  if (!(await repo.deleteException(db, professionalId, date))) {
    throw new AppError('NOT_FOUND', EXCEPTION_NOT_FOUND);
  }
}

export function listTimeOff(db: Db, professionalId: string, today: string): Promise<TimeOff[]> {
  return repo.listTimeOffRows(db, professionalId, today);
}

export async function addTimeOff(
  db: Db,
  professionalId: string,
  input: TimeOffInput,
): Promise<{ timeOff: TimeOff; affected: AffectedAppointment[] }> {
  return db.transaction(async (tx) => {
    await repo.lockProfessional(tx, professionalId, 'exclusive');
    const row = await repo.insertTimeOff(tx, professionalId, input);
    const affected = await repo.listAppointmentsBetween(
      tx,
      professionalId,
      input.startDate,
      input.endDate,
    );
    return { timeOff: row, affected: affected.map(toAffected) };
  });
}

export async function removeTimeOff(db: Db, professionalId: string, id: string) {
  if (!(await repo.deleteTimeOff(db, professionalId, id))) {
    throw new AppError('NOT_FOUND', TIME_OFF_NOT_FOUND_MESSAGE);
  }
}

// ------------------------------------------------ blocks (Agenda)

function toBlock(row: {
  id: string;
  startsAt: string;
  endsAt: string;
  note: string | null;
}): Block {
  const date = row.startsAt.slice(0, 10);
  return {
    id: row.id,
    date,
    startTime: row.startsAt.slice(11, 16),
    endTime: minutesLabel(minutesOn(date, row.endsAt)),
    note: row.note,
  };
}

export async function listBlocks(
  db: Db,
  professionalId: string,
  range: { from: string; to: string },
): Promise<Block[]> {
  const rows = await repo.listBlockRows(
    db,
    professionalId,
    startOf(range.from),
    startOf(addDaysToDate(range.to, 1)),
  );
  return rows.map(toBlock);
}

/** The no-overlap constraint refuses a block over an appointment or another block (409). */
export async function addBlock(db: Db, professionalId: string, input: BlockInput): Promise<Block> {
  const endsAt =
    input.endTime === '24:00'
      ? startOf(addDaysToDate(input.date, 1))
      : `${input.date} ${input.endTime}:00`;
  const row = await repo.insertBlock(db, professionalId, {
    startsAt: `${input.date} ${input.startTime}:00`,
    endsAt,
    note: input.note,
  });
  return toBlock(row);
}

export async function removeBlock(db: Db, professionalId: string, id: string) {
  if (!(await repo.deleteBlock(db, professionalId, id))) {
    throw new AppError('NOT_FOUND', BLOCK_NOT_FOUND_MESSAGE);
  }
}
