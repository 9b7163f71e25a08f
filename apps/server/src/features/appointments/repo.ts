import type { AppointmentStatus, DashboardPeriods } from '@agendaki/shared';
import { and, asc, count, eq, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { isUuid } from '../../lib/params';
import type { ClientDirectory, ClientIdsQuery } from '../clients/service';
import type { ServiceDirectory, ServiceIdsQuery } from '../services/service';

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The client and service columns an appointment is shown with. They are subqueries written by
 * features/clients and features/services (one owner per table, decision 010), handed in by
 * service.ts; the database still answers in one statement.
 */
export interface Directories {
  clients: ClientDirectory;
  services: ServiceDirectory;
}

function joinedColumns({ clients, services }: Directories) {
  return {
    id: appointments.id,
    clientId: appointments.clientId,
    serviceId: appointments.serviceId,
    appointmentDate: appointments.appointmentDate,
    startTime: appointments.startTime,
    endTime: appointments.endTime,
    totalPrice: appointments.totalPrice,
    status: appointments.status,
    notes: appointments.notes,
    createdAt: appointments.createdAt,
    client: { id: clients.id, name: clients.name, email: clients.email, phone: clients.phone },
    service: {
      id: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
    },
  };
}

function selectJoined(db: Db, directories: Directories) {
  return db
    .select(joinedColumns(directories))
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId));
}

export type JoinedAppointment = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/**
 * Appointments whose client (name, e-mail, phone) or service name matches, without case or
 * accents: the owners' subqueries find the matching clients and services through their
 * trigram indexes first.
 */
export interface SearchMatches {
  clientIds: ClientIdsQuery;
  serviceIds: ServiceIdsQuery;
}

function searchCondition(matches: SearchMatches): SQL {
  return or(
    inArray(appointments.clientId, matches.clientIds),
    inArray(appointments.serviceId, matches.serviceIds),
  )!;
}

export interface ListAppointmentsOptions {
  search?: SearchMatches;
  status?: AppointmentStatus;
  /** Inclusive calendar dates. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export async function listAppointments(
  db: Db,
  professionalId: string,
  directories: Directories,
  options: ListAppointmentsOptions,
) {
  const where = and(
    eq(appointments.professionalId, professionalId),
    options.status ? eq(appointments.status, options.status) : undefined,
    options.from ? gte(appointments.appointmentDate, options.from) : undefined,
    options.to ? lte(appointments.appointmentDate, options.to) : undefined,
    options.search ? searchCondition(options.search) : undefined,
  );
  const rows = await selectJoined(db, directories)
    .where(where)
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(appointments).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findAppointment(
  db: Db,
  professionalId: string,
  directories: Directories,
  id: string,
) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectJoined(db, directories).where(
    and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)),
  );
  return row;
}

export async function findAppointmentRow(
  db: Db,
  professionalId: string,
  id: string,
): Promise<AppointmentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
  return row;
}

export interface AppointmentValues {
  clientId: string;
  serviceId: string;
  appointmentDate: string;
  startTime: string;
  endTime: string;
  totalPrice: string;
  /** The service's "Intervalo após", part of the occupied time (docs/decisions/009-real-week.md). */
  bufferMinutes?: number;
  status: AppointmentStatus;
  notes: string | null;
}

export async function insertAppointment(
  db: Db,
  professionalId: string,
  values: AppointmentValues,
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, professionalId })
    .returning({ id: appointments.id });
  return row!.id;
}

export async function updateAppointment(
  db: Db,
  professionalId: string,
  id: string,
  values: Partial<AppointmentValues>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

export async function deleteAppointment(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** The times held on a date: every appointment that is not cancelled (public booking slots). */
export function listBusyIntervals(db: Db, professionalId: string, date: string) {
  return db
    .select({ startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.appointmentDate, date),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/** Several appointments in one statement: all are inserted or none (the exclusion constraint decides). */
export async function insertAppointments(
  db: Db,
  professionalId: string,
  values: readonly AppointmentValues[],
): Promise<{ id: string; serviceId: string; startTime: string; endTime: string }[]> {
  return db
    .insert(appointments)
    .values(values.map((value) => ({ ...value, professionalId })))
    .returning({
      id: appointments.id,
      serviceId: appointments.serviceId,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
    });
}

const isLive = ne(appointments.status, 'cancelled');

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

// ------------------------------------------------ the dashboard's figures (features/dashboard)

function countOn(condition: SQL) {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

function revenueOn(condition: SQL) {
  return sql<string>`coalesce(sum(${appointments.totalPrice}) filter (where ${condition}), 0)`;
}

function between(range: { start: string; end: string }) {
  return sql`${appointments.appointmentDate} between ${range.start} and ${range.end}`;
}

/** Counts and revenue of live (not cancelled) appointments, from the previous month to today. */
export async function getAppointmentFigures(
  db: Db,
  professionalId: string,
  periods: DashboardPeriods,
) {
  const [row] = await db
    .select({
      todayCount: countOn(sql`${appointments.appointmentDate} = ${periods.today}`),
      yesterdayCount: countOn(sql`${appointments.appointmentDate} = ${periods.yesterday}`),
      monthAppointments: countOn(between(periods.month)),
      previousMonthAppointments: countOn(between(periods.previousMonth)),
      monthRevenue: revenueOn(between(periods.month)),
      previousMonthRevenue: revenueOn(between(periods.previousMonth)),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        isLive,
        gte(appointments.appointmentDate, periods.previousMonth.start),
        lte(appointments.appointmentDate, periods.today),
      ),
    );
  return row!;
}

/** The next live appointments that start at or after `from` (wall clock in the zone). */
export async function listUpcomingAppointments(
  db: Db,
  professionalId: string,
  directories: Directories,
  from: { date: string; time: string },
  limit: number,
) {
  return selectJoined(db, directories)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        isLive,
        or(
          gt(appointments.appointmentDate, from.date),
          and(eq(appointments.appointmentDate, from.date), gte(appointments.startTime, from.time)),
        ),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime))
    .limit(limit);
}
