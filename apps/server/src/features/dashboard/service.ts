import {
  formatTime,
  getDashboardPeriods,
  toAppointmentStatus,
  toCents,
  type DashboardSummary,
} from '@agendaki/shared';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bound, statementCache } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import type { Professional } from '../../plugins/auth';
import { appointmentFigures, upcomingAppointments } from '../appointments/service';
import { clientFigures } from '../clients/service';

/** The database and the clock (decision 010). */
export interface DashboardDeps {
  db: Db;
  clock: Clock;
}

const UPCOMING_LIMIT = 5;

/** The periods as placeholders: the statement is built once, their values bound per request. */
const PERIODS = {
  today: bound<string>('today'),
  yesterday: bound<string>('yesterday'),
  nowTime: bound<string>('nowTime'),
  month: { start: bound<string>('monthStart'), end: bound<string>('monthEnd') },
  previousMonth: {
    start: bound<string>('previousMonthStart'),
    end: bound<string>('previousMonthEnd'),
  },
};

const statements = statementCache();

/**
 * One statement (docs/decisions/015), prepared once (decision 022): the two one-row figures, each
 * upcoming appointment beside them (one row with nulls when there is none).
 */
function buildSummary(db: Db) {
  const deps = { db };
  const profileId = bound<string>('profileId');
  const figures = appointmentFigures(deps, profileId, PERIODS);
  const clientsCount = clientFigures(deps, profileId, bound<string>('monthStartsAt'));
  const upcoming = upcomingAppointments(
    deps,
    profileId,
    { date: PERIODS.today, time: PERIODS.nowTime },
    UPCOMING_LIMIT,
  );
  return db
    .select({
      todayCount: figures.todayCount,
      yesterdayCount: figures.yesterdayCount,
      monthAppointments: figures.monthAppointments,
      previousMonthAppointments: figures.previousMonthAppointments,
      monthRevenue: figures.monthRevenue,
      previousMonthRevenue: figures.previousMonthRevenue,
      monthNoShows: figures.monthNoShows,
      clientsTotal: clientsCount.total,
      newClients: clientsCount.newSince,
      upcoming: {
        id: upcoming.id,
        appointmentDate: upcoming.appointmentDate,
        startTime: upcoming.startTime,
        endTime: upcoming.endTime,
        status: upcoming.status,
        totalPrice: upcoming.totalPrice,
        clientName: upcoming.clientName,
        clientPhone: upcoming.clientPhone,
        serviceName: upcoming.serviceName,
      },
    })
    .from(figures)
    .crossJoin(clientsCount)
    .leftJoin(upcoming, sql`true`)
    .orderBy(asc(upcoming.appointmentDate), asc(upcoming.startTime))
    .prepare('agendaki_dashboard_summary');
}

/**
 * The dashboard home's figures (docs/product.md, Dashboard: every figure real). "Today", "now" and
 * the months are those of the professional's zone. Cancelled appointments count nowhere. The
 * month figures are month-to-date (1st to today) and compare with the same span of the
 * previous month, so the 10th compares with the 1st–10th of last month. No-shows earn nothing
 * and are counted apart (monthNoShows).
 */
export async function getDashboardSummary(
  deps: DashboardDeps,
  professional: Professional,
): Promise<DashboardSummary> {
  const periods = getDashboardPeriods(deps.clock.now(), professional.timezone);
  const summary = statements(deps.db, 'summary', () => buildSummary(deps.db));
  const rows = await summary.execute({
    profileId: professional.profileId,
    today: periods.today,
    yesterday: periods.yesterday,
    nowTime: periods.nowTime,
    monthStart: periods.month.start,
    monthEnd: periods.month.end,
    previousMonthStart: periods.previousMonth.start,
    previousMonthEnd: periods.previousMonth.end,
    monthStartsAt: periods.monthStartsAt.toISOString(),
  });
  const first = rows[0]!;
  return {
    todayCount: Number(first.todayCount),
    yesterdayCount: Number(first.yesterdayCount),
    monthRevenueCents: toCents(String(first.monthRevenue)),
    previousMonthRevenueCents: toCents(String(first.previousMonthRevenue)),
    monthAppointments: Number(first.monthAppointments),
    previousMonthAppointments: Number(first.previousMonthAppointments),
    monthNoShows: Number(first.monthNoShows),
    clientsTotal: Number(first.clientsTotal),
    newClientsThisMonth: Number(first.newClients),
    upcoming: rows.flatMap(({ upcoming: appointment }) =>
      appointment
        ? [
            {
              id: appointment.id,
              appointmentDate: appointment.appointmentDate,
              startTime: formatTime(appointment.startTime),
              endTime: formatTime(appointment.endTime),
              status: toAppointmentStatus(appointment.status),
              clientName: appointment.clientName,
              clientPhone: appointment.clientPhone,
              serviceName: appointment.serviceName,
              totalPriceCents: toCents(appointment.totalPrice),
            },
          ]
        : [],
    ),
  };
}
