import { and, asc, count, eq, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dateExceptions, occupiedTimes, timeOff } from '../../db/schema';
import { isUuid } from '../../lib/params';
import type { BookingRulesOf } from '../profile/types';

// ------------------------------------------------ exceptions by date

export function listExceptionRows(db: Db, professionalId: string, from: string, to?: string) {
  return db
    .select({
      date: dateExceptions.date,
      startTime: dateExceptions.startTime,
      endTime: dateExceptions.endTime,
      note: dateExceptions.note,
    })
    .from(dateExceptions)
    .where(
      and(
        eq(dateExceptions.professionalId, professionalId),
        gte(dateExceptions.date, from),
        to ? lte(dateExceptions.date, to) : undefined,
      ),
    )
    .orderBy(asc(dateExceptions.date), asc(dateExceptions.startTime));
}

/** The date's rows replaced whole: no window means one row that closes the date. */
export async function replaceException(
  db: Db,
  professionalId: string,
  date: string,
  windows: readonly { startTime: string; endTime: string }[],
  note: string | null,
): Promise<void> {
  await deleteException(db, professionalId, date);
  const rows =
    windows.length === 0
      ? [{ startTime: null, endTime: null }]
      : windows.map((w) => ({ startTime: w.startTime, endTime: w.endTime }));
  await db
    .insert(dateExceptions)
    .values(rows.map((row) => ({ ...row, professionalId, date, note })));
}

export async function deleteException(db: Db, professionalId: string, date: string) {
  const rows = await db
    .delete(dateExceptions)
    .where(and(eq(dateExceptions.professionalId, professionalId), eq(dateExceptions.date, date)))
    .returning({ id: dateExceptions.id });
  return rows.length > 0;
}

// ------------------------------------------------ time off

export function listTimeOffRows(db: Db, professionalId: string, endingFrom: string) {
  return db
    .select({
      id: timeOff.id,
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      note: timeOff.note,
    })
    .from(timeOff)
    .where(and(eq(timeOff.professionalId, professionalId), gte(timeOff.endDate, endingFrom)))
    .orderBy(asc(timeOff.startDate), asc(timeOff.id));
}

export async function insertTimeOff(
  db: Db,
  professionalId: string,
  values: { startDate: string; endDate: string; note: string | null },
) {
  const [row] = await db
    .insert(timeOff)
    .values({ ...values, professionalId })
    .returning({
      id: timeOff.id,
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      note: timeOff.note,
    });
  return row!;
}

export async function deleteTimeOff(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.professionalId, professionalId)))
    .returning({ id: timeOff.id });
  return rows.length > 0;
}

// ------------------------------------------------ rules, exceptions and time off together

export type ExceptionRow = Awaited<ReturnType<typeof listExceptionRows>>[number];
export type TimeOffRow = Awaited<ReturnType<typeof listTimeOffRows>>[number];

/** A json_agg column: node-postgres and PGlite both parse json, a string is parsed here. */
function jsonList<T>(list: SQL) {
  return sql<T[]>`coalesce((${list}), '[]'::json)`.mapWith((value: unknown) =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : (value as T[]),
  );
}

/**
 * The booking rules (features/profile's subquery, handed in) with the exceptions of [from, to]
 * and the time off ending from `from` on, in one statement, ordered as `listExceptionRows` and
 * `listTimeOffRows` order them; undefined when the profile is gone. JSON gives dates as
 * YYYY-MM-DD and times as HH:MM:SS, as the columns read one by one do. Every booking reads it
 * in its transaction, as a plain query (docs/decisions/032).
 */
export async function findSchedule(
  db: Db,
  rulesOf: (professionalId: string) => BookingRulesOf,
  professionalId: string,
  from: string,
  to: string,
) {
  const [row] = await scheduleSelect(db, rulesOf, professionalId, from, to);
  return row;
}

function scheduleSelect(
  db: Db,
  rulesOf: (professionalId: string) => BookingRulesOf,
  professionalId: string,
  from: string,
  to: string,
) {
  const exceptions = db
    .select({
      list: sql`json_agg(json_build_object('date', ${dateExceptions.date}, 'startTime', ${dateExceptions.startTime}, 'endTime', ${dateExceptions.endTime}, 'note', ${dateExceptions.note}) ORDER BY ${dateExceptions.date}, ${dateExceptions.startTime})`,
    })
    .from(dateExceptions)
    .where(
      and(
        eq(dateExceptions.professionalId, professionalId),
        gte(dateExceptions.date, from),
        lte(dateExceptions.date, to),
      ),
    );
  const timeOffList = db
    .select({
      list: sql`json_agg(json_build_object('id', ${timeOff.id}, 'startDate', ${timeOff.startDate}, 'endDate', ${timeOff.endDate}, 'note', ${timeOff.note}) ORDER BY ${timeOff.startDate}, ${timeOff.id})`,
    })
    .from(timeOff)
    .where(and(eq(timeOff.professionalId, professionalId), gte(timeOff.endDate, from)));
  const rules = rulesOf(professionalId);
  return db
    .select({
      minNoticeMinutes: rules.minNoticeMinutes,
      horizonDays: rules.horizonDays,
      slotStep: rules.slotStep,
      maxBookingsPerDay: rules.maxBookingsPerDay,
      paused: rules.paused,
      exceptions: jsonList<ExceptionRow>(sql`${exceptions}`),
      timeOff: jsonList<TimeOffRow>(sql`${timeOffList}`),
    })
    .from(rules);
}

// ------------------------------------------------ occupied time: blocks and appointments

/**
 * Occupied times overlapping [from, to), wall-clock timestamps as PostgreSQL prints them
 * ("2026-12-01 09:00:00"). The overlap is written as the no-overlap constraint's own expression,
 * so its GiST index finds the day's rows directly: `starts_at < to AND ends_at > from` took the
 * (professional, starts_at) index, bounded on one side only, and read every earlier row of the
 * professional (45 ms a day at 500,000 appointments; `npm run bench:scale`).
 */
export function listOccupied(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({ startsAt: occupiedTimes.startsAt, endsAt: occupiedTimes.endsAt })
    .from(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        sql`tsrange(${occupiedTimes.startsAt}, ${occupiedTimes.endsAt}, '[)') && tsrange(${from}::timestamp, ${to}::timestamp, '[)')`,
      ),
    )
    .orderBy(asc(occupiedTimes.startsAt));
}

/** The same, each row saying whether it is a block (no appointment) and its note. */
export function listOccupiedKinds(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({
      startsAt: occupiedTimes.startsAt,
      endsAt: occupiedTimes.endsAt,
      isBlock: sql<boolean>`${occupiedTimes.appointmentId} IS NULL`,
      note: occupiedTimes.note,
    })
    .from(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        sql`tsrange(${occupiedTimes.startsAt}, ${occupiedTimes.endsAt}, '[)') && tsrange(${from}::timestamp, ${to}::timestamp, '[)')`,
      ),
    )
    .orderBy(asc(occupiedTimes.startsAt));
}

/** Appointments (not cancelled) starting on each date of [from, to), for the daily cap. */
export function countAppointmentsByDate(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({ date: sql<string>`(${occupiedTimes.startsAt})::date::text`, count: count() })
    .from(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        isNotNull(occupiedTimes.appointmentId),
        gte(occupiedTimes.startsAt, from),
        lt(occupiedTimes.startsAt, to),
      ),
    )
    .groupBy(sql`(${occupiedTimes.startsAt})::date`);
}

const blockColumns = {
  id: occupiedTimes.id,
  startsAt: occupiedTimes.startsAt,
  endsAt: occupiedTimes.endsAt,
  note: occupiedTimes.note,
};

export function listBlockRows(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select(blockColumns)
    .from(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        isNull(occupiedTimes.appointmentId),
        // A waiting-list offer's hold is no block: features/waitlist owns it.
        isNull(occupiedTimes.waitlistOfferId),
        gte(occupiedTimes.startsAt, from),
        lt(occupiedTimes.startsAt, to),
      ),
    )
    .orderBy(asc(occupiedTimes.startsAt));
}

export async function insertBlock(
  db: Db,
  professionalId: string,
  values: { startsAt: string; endsAt: string; note: string | null },
) {
  const [row] = await db
    .insert(occupiedTimes)
    .values({ ...values, professionalId })
    .returning(blockColumns);
  return row!;
}

export async function deleteBlock(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.id, id),
        eq(occupiedTimes.professionalId, professionalId),
        isNull(occupiedTimes.appointmentId),
        isNull(occupiedTimes.waitlistOfferId),
      ),
    )
    .returning({ id: occupiedTimes.id });
  return rows.length > 0;
}
