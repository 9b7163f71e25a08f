// The dashboard's figures and the reports' groups, as subqueries and statements.
import type { DashboardPeriods } from '@agendaki/shared';
import { and, type AnyColumn, asc, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { type Directories, isCancelled, isKept, isLive, isNoShow, ownColumns } from './columns';

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
 * How many appointments the professional in `professionalId` (a column of the outer query) got
 * since `since`, as a correlated subquery: the operator console sees a count, never a row.
 */
export function recentAppointmentCountOf(db: Db, professionalId: AnyColumn, since: Date) {
  const recent = db
    .select({ value: count() })
    .from(appointments)
    .where(
      and(eq(appointments.professionalId, professionalId), gte(appointments.createdAt, since)),
    );
  return sql<number>`(${recent})`.mapWith(Number);
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
