import { and, asc, count, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  clients,
  dateExceptions,
  occupiedTimes,
  profiles,
  services,
  timeOff,
} from '../../db/schema';
import { isUuid } from '../../lib/params';

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
export async function lockProfessional(
  db: Db,
  professionalId: string,
  mode: 'share' | 'exclusive',
): Promise<void> {
  const lock = mode === 'share' ? sql`FOR SHARE` : sql`FOR NO KEY UPDATE`;
  await db.execute(
    sql`SELECT ${profiles.id} FROM ${profiles} WHERE ${profiles.id} = ${professionalId} ${lock}`,
  );
}

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

// ------------------------------------------------ occupied time: blocks and appointments

/** Wall-clock timestamps as PostgreSQL prints them: "2026-12-01 09:00:00". */
export function listOccupied(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({ startsAt: occupiedTimes.startsAt, endsAt: occupiedTimes.endsAt })
    .from(occupiedTimes)
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        lt(occupiedTimes.startsAt, to),
        sql`${occupiedTimes.endsAt} > ${from}`,
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
      ),
    )
    .returning({ id: occupiedTimes.id });
  return rows.length > 0;
}

/** Appointments (not cancelled) on the dates [from, to], to list those inside a closed time. */
export function listAppointmentsBetween(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({
      id: appointments.id,
      appointmentDate: appointments.appointmentDate,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      clientName: clients.name,
      serviceName: services.name,
    })
    .from(occupiedTimes)
    .innerJoin(appointments, eq(appointments.id, occupiedTimes.appointmentId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(occupiedTimes.professionalId, professionalId),
        gte(appointments.appointmentDate, from),
        lte(appointments.appointmentDate, to),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime));
}

// ------------------------------------------------ booking rules and UF (columns of profiles)

const ruleColumns = {
  minNoticeMinutes: profiles.minNoticeMinutes,
  horizonDays: profiles.horizonDays,
  slotStep: profiles.slotStep,
  maxBookingsPerDay: profiles.maxBookingsPerDay,
  paused: profiles.bookingPaused,
  state: profiles.state,
  timezone: profiles.timezone,
};

export async function findRules(db: Db, professionalId: string) {
  const [row] = await db.select(ruleColumns).from(profiles).where(eq(profiles.id, professionalId));
  return row;
}

export async function updateRules(
  db: Db,
  professionalId: string,
  values: {
    minNoticeMinutes: number;
    horizonDays: number;
    slotStep: number;
    maxBookingsPerDay: number | null;
    bookingPaused: boolean;
  },
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.id, professionalId));
}
