// The agenda's page and its total, a date range, and one appointment by id.
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { isUuid } from '../../../lib/params';
import {
  appointmentColumnsOf,
  type AppointmentRow,
  type Directories,
  joinedColumns,
  ownColumns,
  selectJoined,
} from './columns';
import {
  type ListAppointmentsFilter,
  type ListAppointmentsOptions,
  listWhere,
  type WhereFilter,
} from './search';

export type JoinedAppointment = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/**
 * A page of the agenda, the total riding along as a subquery the database runs once: one
 * statement per page (docs/decisions/015). Built, not run: service.ts prepares it once per shape
 * with placeholders (decision 022).
 *
 * The page's appointments are chosen first, from the appointments alone, and only they are
 * joined to their client and service: so the plan PostgreSQL keeps for the statement (a generic
 * one, blind to the professional's id and the page's size) still walks the agenda's index in
 * order and stops at the page, where joining first had it sort every appointment of the
 * professional (decision 022).
 *
 * A search's matching clients and services are read once, as the statement's two CTEs, and used
 * by both the page and its total, each in its own way (`searchCondition`).
 */
export function appointmentsPageQuery(
  db: Db,
  professionalId: string,
  directories: Directories,
  options: ListAppointmentsOptions,
) {
  const matched = options.search && {
    clients: db.$with('matched_clients').as(options.search.clientIds),
    services: db.$with('matched_services').as(options.search.serviceIds),
  };
  const filter: WhereFilter = matched
    ? {
        ...options,
        search: {
          clientIds: db.select({ id: matched.clients.id }).from(matched.clients),
          serviceIds: db.select({ id: matched.services.id }).from(matched.services),
        },
      }
    : options;
  const countAll = db
    .select({ value: count() })
    .from(appointments)
    .where(listWhere(professionalId, filter, 'count'));
  const page = db
    .select(ownColumns)
    .from(appointments)
    .where(listWhere(professionalId, filter, 'walk'))
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(unplannedNumber(options.limit))
    .offset(unplannedNumber(options.offset))
    .as('page');
  return (matched ? db.with(matched.clients, matched.services) : db)
    .select({
      ...joinedColumns(directories, appointmentColumnsOf(page)),
      total: sql<number>`(${countAll})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(directories.clients, eq(directories.clients.id, page.clientId))
    .innerJoin(directories.services, eq(directories.services.id, page.serviceId))
    .orderBy(asc(page.appointmentDate), asc(page.startTime), asc(page.id));
}

/**
 * A page's size or offset as the planner sees it in a generic plan, unknown, also when the
 * statement is planned with its values. Seeing them, the page looked 6 times cheaper than on the
 * generic plan (which counts each as a tenth of the agenda), so PostgreSQL planned the agenda
 * again on every request, and that planning cost more than running it (docs/benchmarks.md).
 * Now the two plans differ only where the data does: a small account beside large ones still
 * looks cheaper planned with its own id. Either way the plan walks the agenda's index in order
 * and stops at the page (decision 022).
 */
function unplannedNumber(value: number): number {
  return sql`(select ${value}::int)` as unknown as number;
}

/** How many appointments match: a page past the end has no row to carry its total. */
export async function countAppointments(
  db: Db,
  professionalId: string,
  filter: ListAppointmentsFilter,
): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(appointments)
    .where(listWhere(professionalId, filter, 'count'));
  return total?.value ?? 0;
}

/**
 * Every appointment on the dates [from, to], cancelled ones included, by date and start time, at
 * most `limit` (the calendar feed, the CSV export, the day and week views).
 */
export function listAppointmentsInRange(
  db: Db,
  professionalId: string,
  directories: Directories,
  range: { from: string; to: string },
  limit: number,
) {
  return selectJoined(db, directories)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        gte(appointments.appointmentDate, range.from),
        lte(appointments.appointmentDate, range.to),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(limit);
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
