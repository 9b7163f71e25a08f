import type { DashboardPeriods } from '@agendaki/shared';
import { and, asc, eq, gt, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, clients, services } from '../../db/schema';

const isLive = ne(appointments.status, 'cancelled');

function countOn(condition: ReturnType<typeof sql>) {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

function revenueOn(condition: ReturnType<typeof sql>) {
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

export async function getClientFigures(db: Db, professionalId: string, monthStartsAt: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      newThisMonth:
        sql<number>`count(*) filter (where ${clients.createdAt} >= ${monthStartsAt.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .where(eq(clients.professionalId, professionalId));
  return row!;
}

/** The next live appointments that start at or after now (wall clock in the zone). */
export async function listUpcomingAppointments(
  db: Db,
  professionalId: string,
  from: { date: string; time: string },
  limit: number,
) {
  return db
    .select({
      id: appointments.id,
      appointmentDate: appointments.appointmentDate,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      totalPrice: appointments.totalPrice,
      clientName: clients.name,
      serviceName: services.name,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
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
