import { toSearchTerm, type AppointmentStatus } from '@agendaki/shared';
import { and, asc, count, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, clients, services } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type AppointmentRow = typeof appointments.$inferSelect;

/** An id that is not a UUID names no row: answer "not found" instead of a database error. */

const joinedColumns = {
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

function selectJoined(db: Db) {
  return db
    .select(joinedColumns)
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(services, eq(services.id, appointments.serviceId));
}

export type JoinedAppointment = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/**
 * Appointments whose client (name, e-mail, phone) or service name matches, without case or
 * accents. The matching clients and services are found through their trigram indexes first.
 */
function searchCondition(professionalId: string, search: string): SQL {
  const term = toSearchTerm(search);
  const pattern =
    term.kind === 'digits' ? sql`${term.pattern}` : sql`agendaki_unaccent(lower(${term.pattern}))`;
  const matchingClients = sql`(SELECT ${clients.id} FROM ${clients} WHERE ${clients.professionalId} = ${professionalId} AND agendaki_client_search_text(${clients.name}, ${clients.email}, ${clients.phone}) LIKE ${pattern})`;
  const matchingServices = sql`(SELECT ${services.id} FROM ${services} WHERE ${services.professionalId} = ${professionalId} AND agendaki_unaccent(lower(${services.name})) LIKE ${pattern})`;
  return or(
    inArray(appointments.clientId, matchingClients),
    inArray(appointments.serviceId, matchingServices),
  )!;
}

export interface ListAppointmentsOptions {
  search?: string;
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
  options: ListAppointmentsOptions,
) {
  const where = and(
    eq(appointments.professionalId, professionalId),
    options.status ? eq(appointments.status, options.status) : undefined,
    options.from ? gte(appointments.appointmentDate, options.from) : undefined,
    options.to ? lte(appointments.appointmentDate, options.to) : undefined,
    options.search ? searchCondition(professionalId, options.search) : undefined,
  );
  const rows = await selectJoined(db)
    .where(where)
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(appointments).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findAppointment(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectJoined(db).where(
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

/** Whether the client is the professional's: an appointment never points at another's client. */
export async function isOwnClient(db: Db, professionalId: string, clientId: string) {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.professionalId, professionalId)));
  return rows.length > 0;
}

export async function findOwnService(db: Db, professionalId: string, serviceId: string) {
  const [row] = await db
    .select({
      price: services.price,
      durationMinutes: services.durationMinutes,
      bufferMinutes: services.bufferMinutes,
    })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.professionalId, professionalId)));
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
