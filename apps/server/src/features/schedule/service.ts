import {
  addDaysToDate,
  BLOCK_NOT_FOUND_MESSAGE,
  slotStepToColumn,
  timeToMinutes,
  TIME_OFF_NOT_FOUND_MESSAGE,
  type AffectedAppointment,
  type Block,
  type blockInputSchema,
  type BookingRules,
  type DateException,
  type dateExceptionInputSchema,
  type TimeOff,
  type timeOffInputSchema,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import { AppError } from '../../lib/errors';
import { updateBookingRules } from '../profile/service';
import { listHolidays } from './holidays';
import * as repo from './repo';

export { findHolidays, listHolidays } from './holidays';
export { listOccupiedBetween } from './occupied';
import {
  getRules,
  groupExceptions,
  lockProfessional,
  minutesLabel,
  minutesOn,
  startOf,
  type ScheduleDeps,
} from './rules';

/**
 * The live appointments of a date range, in the caller's transaction. features/appointments
 * answers it and asks this feature's rules in turn, so app.ts passes it in: no import cycle.
 */
export type LiveAppointmentsLookup = (
  db: Db,
  professionalId: string,
  range: { from: string; to: string },
) => Promise<AffectedAppointment[]>;

/** What closing time needs: the database, and who lists the appointments it would hold. */
export interface ClosingDeps {
  db: Db;
  listLiveAppointments: LiveAppointmentsLookup;
}

export {
  countAppointmentsOn,
  describeRuleBreak,
  getRules,
  listBusyTimes,
  listBusyTimesBetween,
  loadSchedule,
  lockProfessional,
  professionalLockQuery,
  type Schedule,
  type ScheduleDeps,
} from './rules';

type ExceptionInput = z.output<typeof dateExceptionInputSchema>;
type TimeOffInput = z.output<typeof timeOffInputSchema>;
type BlockInput = z.output<typeof blockInputSchema>;

const EXCEPTION_NOT_FOUND = 'Exceção não encontrada';

/** Configurações > Agendamento online. */
export async function saveRules(
  deps: ScheduleDeps,
  professionalId: string,
  rules: BookingRules,
): Promise<BookingRules> {
  await updateBookingRules(deps, professionalId, {
    minNoticeMinutes: rules.minNoticeMinutes,
    horizonDays: rules.horizonDays,
    slotStep: slotStepToColumn(rules.slotStep),
    maxBookingsPerDay: rules.maxBookingsPerDay,
    bookingPaused: rules.paused,
  });
  return getRules(deps, professionalId);
}

// ------------------------------------------------ exceptions, time off (dashboard)

export async function listExceptions(
  { db }: Pick<ScheduleDeps, 'db'>,
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
  { db, listLiveAppointments }: ClosingDeps,
  professionalId: string,
  date: string,
  input: ExceptionInput,
): Promise<{ exception: DateException; affected: AffectedAppointment[] }> {
  return db.transaction(async (tx) => {
    await lockProfessional({ db: tx }, professionalId, 'exclusive');
    await repo.replaceException(tx, professionalId, date, input.windows, input.note);
    const windows = input.windows.map((w) => [
      timeToMinutes(w.startTime),
      timeToMinutes(w.endTime),
    ]);
    const onDate = await listLiveAppointments(tx, professionalId, {
      from: date,
      to: date,
    });
    const affected = onDate.filter((row) => {
      const start = timeToMinutes(row.startTime);
      const end = timeToMinutes(row.endTime);
      return !windows.some(([from, to]) => from! <= start && end <= to!);
    });
    return { exception: { date, windows: input.windows, note: input.note }, affected };
  });
}

export async function removeException(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  date: string,
) {
  if (!(await repo.deleteException(db, professionalId, date))) {
    throw new AppError('NOT_FOUND', EXCEPTION_NOT_FOUND);
  }
}

export function listTimeOff(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  today: string,
): Promise<TimeOff[]> {
  return repo.listTimeOffRows(db, professionalId, today);
}

export async function addTimeOff(
  { db, listLiveAppointments }: ClosingDeps,
  professionalId: string,
  input: TimeOffInput,
): Promise<{ timeOff: TimeOff; affected: AffectedAppointment[] }> {
  return db.transaction(async (tx) => {
    await lockProfessional({ db: tx }, professionalId, 'exclusive');
    const row = await repo.insertTimeOff(tx, professionalId, input);
    const affected = await listLiveAppointments(tx, professionalId, {
      from: input.startDate,
      to: input.endDate,
    });
    return { timeOff: row, affected };
  });
}

export async function removeTimeOff(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  id: string,
) {
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
  { db }: Pick<ScheduleDeps, 'db'>,
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
export async function addBlock(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  input: BlockInput,
): Promise<Block> {
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

export async function removeBlock(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  id: string,
) {
  if (!(await repo.deleteBlock(db, professionalId, id))) {
    throw new AppError('NOT_FOUND', BLOCK_NOT_FOUND_MESSAGE);
  }
}

// ------------------------------------------------ for features/privacy (docs/decisions/012-lgpd.md)

/** Every exception, time off and block the professional ever saved, for "Exportar tudo". */
export async function listWholeSchedule({ db }: Pick<ScheduleDeps, 'db'>, professionalId: string) {
  const [exceptions, timeOff, blocks] = await readAll(db, [
    () => repo.listExceptionRows(db, professionalId, '0001-01-01'),
    () => repo.listTimeOffRows(db, professionalId, '0001-01-01'),
    () => repo.listBlockRows(db, professionalId, '0001-01-01', '9999-12-31'),
  ]);
  return { exceptions, timeOff, blocks };
}

/** "Fechar em todos os feriados nacionais": each national holiday not closed yet becomes closed. */
export async function closeNationalHolidays(
  { db, listLiveAppointments }: ClosingDeps,
  professionalId: string,
  today: string,
): Promise<{ affected: AffectedAppointment[] }> {
  const { holidays } = await listHolidays({ db }, professionalId, today);
  const affected: AffectedAppointment[] = [];
  for (const holiday of holidays) {
    if (holiday.scope !== 'national' || holiday.closed) continue;
    const saved = await saveException({ db, listLiveAppointments }, professionalId, holiday.date, {
      windows: [],
      note: holiday.name,
    });
    affected.push(...saved.affected);
  }
  return { affected };
}
