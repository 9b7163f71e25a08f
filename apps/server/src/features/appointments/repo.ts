import {
  UNREALIZED_STATUSES,
  type AppointmentStatus,
  type DashboardPeriods,
} from '@agendaki/shared';
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { isUuid } from '../../lib/params';
import type { ClientDirectory, ClientIdsQuery } from '../clients/types';
import type { ServiceDirectory, ServiceIdsQuery } from '../services/types';

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

type OwnColumn =
  | 'id'
  | 'clientId'
  | 'serviceId'
  | 'appointmentDate'
  | 'startTime'
  | 'endTime'
  | 'totalPrice'
  | 'status'
  | 'notes'
  | 'createdAt'
  | 'bookingId';

/** An appointment's own columns, of the table or of a subquery that selects them. */
function appointmentColumnsOf<Source extends Record<OwnColumn, unknown>>(
  source: Source,
): Pick<Source, OwnColumn> {
  return {
    id: source.id,
    clientId: source.clientId,
    serviceId: source.serviceId,
    appointmentDate: source.appointmentDate,
    startTime: source.startTime,
    endTime: source.endTime,
    totalPrice: source.totalPrice,
    status: source.status,
    notes: source.notes,
    createdAt: source.createdAt,
    bookingId: source.bookingId,
  };
}

const ownColumns = appointmentColumnsOf(appointments);

function joinedColumns<Own extends Record<OwnColumn, unknown>>(
  { clients, services }: Directories,
  own: Own,
) {
  return {
    ...own,
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
    .select(joinedColumns(directories, ownColumns))
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

/**
 * How a search's matches filter appointments: `walk` as hashed sets tested on each row, for a page
 * read in the agenda's order that stops at its last row; `count` as arrays of ids, so that
 * PostgreSQL reads only the matching appointments through their client and service indexes (a
 * bitmap of both), where the hashed sets had it test every appointment of the professional.
 */
type SearchUse = 'walk' | 'count';

/** The matching ids as subqueries: the owners' own, or a select from the statement's CTEs. */
interface IdSubqueries {
  clientIds: SQLWrapper;
  serviceIds: SQLWrapper;
}

type WhereFilter = Omit<ListAppointmentsFilter, 'search'> & { search?: IdSubqueries };

function searchCondition(matches: IdSubqueries, use: SearchUse): SQL {
  if (use === 'walk') {
    return or(
      inArray(appointments.clientId, matches.clientIds),
      inArray(appointments.serviceId, matches.serviceIds),
    )!;
  }
  return or(
    sql`${appointments.clientId} = any(array(${matches.clientIds}))`,
    sql`${appointments.serviceId} = any(array(${matches.serviceIds}))`,
  )!;
}

export interface ListAppointmentsFilter {
  search?: SearchMatches;
  status?: AppointmentStatus;
  /** Inclusive calendar dates. */
  from?: string;
  to?: string;
}

export interface ListAppointmentsOptions extends ListAppointmentsFilter {
  limit: number;
  offset: number;
}

function listWhere(professionalId: string, options: WhereFilter, use: SearchUse) {
  return and(
    eq(appointments.professionalId, professionalId),
    options.status ? eq(appointments.status, options.status) : undefined,
    options.from ? gte(appointments.appointmentDate, options.from) : undefined,
    options.to ? lte(appointments.appointmentDate, options.to) : undefined,
    options.search ? searchCondition(options.search, use) : undefined,
  );
}

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
  /** Set on insert: the booking's id (a dashboard appointment's own, given as `id` too). */
  id?: string;
  bookingId?: string;
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

/**
 * A status as an SQL literal. The statuses the reads filter on are the code's own, never a
 * request's, and PostgreSQL's generic plan of a named statement sees a literal list as one
 * constant, where a bound one is an array it builds again for every row it tests (it was most of
 * the dashboard's figures: 265 rows, seven filters).
 */
function statusLiteral(status: AppointmentStatus) {
  if (!/^[a-z_]+$/.test(status)) throw new Error(`not a status: ${status}`);
  return sql.raw(`'${status}'`);
}

const isCancelled = sql`${appointments.status} = ${statusLiteral('cancelled')}`;
const isLive = sql`${appointments.status} <> ${statusLiteral('cancelled')}`;

/** Neither cancelled nor a no-show: an appointment that happened or still may (it earns). */
const isKept = sql`${appointments.status} not in (${sql.join(UNREALIZED_STATUSES.map(statusLiteral), sql`, `)})`;
const isNoShow = sql`${appointments.status} = ${statusLiteral('no_show')}`;

/** The times held on a date: every appointment that is not cancelled (public booking slots). */
export function listBusyIntervals(db: Db, professionalId: string, date: string) {
  return db
    .select({ startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.appointmentDate, date),
        isLive,
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/** A booked appointment's row: every column the booking writes, none left to its default. */
export type BookedAppointmentRow = Required<AppointmentValues>;

/**
 * Several appointments in one statement, with the ids made beforehand: all are inserted or none
 * (the exclusion constraint decides).
 */
export async function insertAppointments(
  db: Db,
  professionalId: string,
  rows: readonly BookedAppointmentRow[],
): Promise<void> {
  await db.insert(appointments).values(rows.map((row) => ({ ...row, professionalId })));
}

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

/**
 * Counts and revenue of kept appointments (neither cancelled nor no-show) and the no-shows, from
 * the previous month to today, as a one-row subquery features/dashboard joins (its page is one
 * statement, decision 015).
 */
export function appointmentFigures(
  db: Db,
  professionalId: string,
  periods: Pick<DashboardPeriods, 'today' | 'yesterday' | 'month' | 'previousMonth'>,
) {
  // The date first: a row's status is tested only inside the figure's dates.
  const kept = (condition: SQL) => and(condition, isKept)!;
  return db
    .select({
      todayCount: countOn(kept(sql`${appointments.appointmentDate} = ${periods.today}`)).as(
        'today_count',
      ),
      yesterdayCount: countOn(kept(sql`${appointments.appointmentDate} = ${periods.yesterday}`)).as(
        'yesterday_count',
      ),
      monthAppointments: countOn(kept(between(periods.month))).as('month_appointments'),
      previousMonthAppointments: countOn(kept(between(periods.previousMonth))).as(
        'previous_month_appointments',
      ),
      monthRevenue: revenueOn(kept(between(periods.month))).as('month_revenue'),
      previousMonthRevenue: revenueOn(kept(between(periods.previousMonth))).as(
        'previous_month_revenue',
      ),
      monthNoShows: countOn(and(between(periods.month), isNoShow)!).as('month_no_shows'),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        isLive,
        gte(appointments.appointmentDate, periods.previousMonth.start),
        lte(appointments.appointmentDate, periods.today),
      ),
    )
    .as('appointment_figures');
}

/**
 * How many no-shows the client in `clientId` (a column of the outer query) has, as a correlated
 * subquery: the client list carries it in its own statement (Clientes: the client's card).
 */
export function noShowCountOf(db: Db, professionalId: string, clientId: AnyColumn) {
  const noShows = db
    .select({ value: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.clientId, clientId),
        isNoShow,
      ),
    );
  return sql<number>`(${noShows})`.mapWith(Number);
}

/**
 * The next kept appointments (neither cancelled nor no-show) that start at or after `from` (wall
 * clock in the zone), with their client's and service's names, as a subquery (features/dashboard).
 * Picked from the appointments alone, then joined, as the agenda's page is: joined first, the
 * generic plan of the dashboard's statement read all of the professional's appointments.
 */
export function upcomingAppointments(
  db: Db,
  professionalId: string,
  directories: Directories,
  from: { date: string; time: string },
  limit: number,
) {
  const next = db
    .select(ownColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        isKept,
        // A row comparison: the index on (professional, date, start) starts at `from`, where
        // "a later date, or the same date and a later time" would scan the whole agenda.
        sql`(${appointments.appointmentDate}, ${appointments.startTime}) >= (${from.date}, ${from.time})`,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime))
    .limit(limit)
    .as('next');
  return db
    .select({
      id: next.id,
      appointmentDate: next.appointmentDate,
      startTime: next.startTime,
      endTime: next.endTime,
      status: next.status,
      totalPrice: next.totalPrice,
      clientName: sql<string>`${directories.clients.name}`.as('client_name'),
      clientPhone: sql<string | null>`${directories.clients.phone}`.as('client_phone'),
      serviceName: sql<string>`${directories.services.name}`.as('service_name'),
    })
    .from(next)
    .innerJoin(directories.clients, eq(directories.clients.id, next.clientId))
    .innerJoin(directories.services, eq(directories.services.id, next.serviceId))
    .as('upcoming');
}

// ------------------------------------------------ the reports (features/reports)

/** One row per group of the report's grouping sets; `dimension` names the set. */
export type ReportDimension = 'week' | 'service' | 'weekday' | 'hour' | 'total';

/**
 * Every figure of Relatórios for the dates [from, to] in one statement, whatever the number of
 * appointments: GROUPING SETS over the week (starting on Sunday), the service, the weekday and
 * the start hour, plus the grand total. Dates and times are already wall clock in the
 * professional's zone. "Kept" appointments are neither cancelled nor no-show: only they earn.
 */
export function getReportGroups(
  db: Db,
  professionalId: string,
  directories: Pick<Directories, 'services'>,
  range: { from: string; to: string },
) {
  const { services } = directories;
  const weekStart = sql`(${appointments.appointmentDate} - extract(dow from ${appointments.appointmentDate})::int)`;
  const weekday = sql`extract(dow from ${appointments.appointmentDate})::int`;
  const hour = sql`extract(hour from ${appointments.startTime})::int`;
  return db
    .select({
      dimension: sql<ReportDimension>`case
        when grouping(${weekStart}) = 0 then 'week'
        when grouping(${appointments.serviceId}) = 0 then 'service'
        when grouping(${weekday}) = 0 then 'weekday'
        when grouping(${hour}) = 0 then 'hour'
        else 'total' end`,
      weekStart: sql<string | null>`to_char(${weekStart}, 'YYYY-MM-DD')`,
      serviceId: appointments.serviceId,
      serviceName: sql<string | null>`max(${services.name})`,
      weekday: sql<number | null>`${weekday}`,
      hour: sql<number | null>`${hour}`,
      total: sql<number>`count(*)`.mapWith(Number),
      kept: sql<number>`count(*) filter (where ${isKept})`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${isCancelled})`.mapWith(Number),
      noShows: sql<number>`count(*) filter (where ${isNoShow})`.mapWith(Number),
      revenue: sql<string>`coalesce(sum(${appointments.totalPrice}) filter (where ${isKept}), 0)::text`,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        gte(appointments.appointmentDate, range.from),
        lte(appointments.appointmentDate, range.to),
      ),
    )
    .groupBy(
      sql`grouping sets ((${weekStart}), (${appointments.serviceId}), (${weekday}), (${hour}), ())`,
    );
}

// ------------------------------------------------ LGPD (docs/decisions/012-lgpd.md)

/** Where a batch of an export stopped: the last row's position in (date, start, id) order. */
export interface AppointmentCursor {
  appointmentDate: string;
  startTime: string;
  id: string;
}

/** A batch of the professional's appointments (or one client's) after `after`, with their client and service. */
export function listAppointmentsAfter(
  db: Db,
  professionalId: string,
  directories: Directories,
  options: { clientId?: string; after: AppointmentCursor | null; limit: number },
) {
  const { after } = options;
  return selectJoined(db, directories)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        options.clientId ? eq(appointments.clientId, options.clientId) : undefined,
        after
          ? sql`(${appointments.appointmentDate}, ${appointments.startTime}, ${appointments.id}) > (${after.appointmentDate}::date, ${after.startTime}::time, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime), asc(appointments.id))
    .limit(options.limit);
}

/** Empties the notes of a client's appointments (the client typed them); returns the ids. */
export async function clearNotesOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(appointments)
    .set({ notes: null, updatedAt: now })
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.clientId, clientId)),
    )
    .returning({ id: appointments.id });
  return rows.map((row) => row.id);
}

/** Every appointment of the professional (their occupied times go with them, by cascade). */
export async function deleteAllOfProfessional(db: Db, professionalId: string): Promise<void> {
  await db.delete(appointments).where(eq(appointments.professionalId, professionalId));
}

// ------------------------------------------------ a booking's appointments (features/manage)

/** Every appointment of a booking, cancelled ones too, by start, with client and service. */
export function listBookingAppointments(
  db: Db,
  professionalId: string,
  directories: Directories,
  bookingId: string,
) {
  return db
    .select({ ...joinedColumns(directories, ownColumns), bookingId: appointments.bookingId })
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(eq(appointments.professionalId, professionalId), eq(appointments.bookingId, bookingId)),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.startTime));
}

/** The booking an appointment belongs to (a dashboard appointment: its own id). */
export async function findBookingIdOf(db: Db, professionalId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ bookingId: appointments.bookingId, id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
  return row ? (row.bookingId ?? row.id) : undefined;
}

/** Sets the status of the booking's appointments whose status is one of `from`. */
export async function setBookingStatus(
  db: Db,
  professionalId: string,
  bookingId: string,
  from: readonly AppointmentStatus[],
  to: AppointmentStatus,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.bookingId, bookingId),
        inArray(appointments.status, [...from]),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

/** Moves one appointment (status kept): its occupied time follows (the trigger). */
export async function moveAppointment(
  db: Db,
  professionalId: string,
  id: string,
  values: { appointmentDate: string; startTime: string; endTime: string; status: string },
  now: Date,
): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));
}

/** Live appointments on one date with client and service (the WhatsApp reminders' list). */
export function listLiveOn(db: Db, professionalId: string, directories: Directories, date: string) {
  return db
    .select({ ...joinedColumns(directories, ownColumns), bookingId: appointments.bookingId })
    .from(appointments)
    .innerJoin(directories.clients, eq(directories.clients.id, appointments.clientId))
    .innerJoin(directories.services, eq(directories.services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.appointmentDate, date),
        isLive,
      ),
    )
    .orderBy(asc(appointments.startTime));
}
