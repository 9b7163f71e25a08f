import {
  formatTime,
  getDashboardPeriods,
  toAppointmentStatus,
  toCents,
  type DashboardSummary,
} from '@agendaki/shared';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
  const { profileId } = professional;
  const figures = appointmentFigures(deps, profileId, periods);
  const clientsCount = clientFigures(deps, profileId, periods.monthStartsAt);
  const upcoming = upcomingAppointments(
    deps,
    profileId,
    { date: periods.today, time: periods.nowTime },
    UPCOMING_LIMIT,
  );
  // One statement (docs/decisions/015): the two one-row figures, each upcoming appointment
  // beside them (one row with nulls when there is none).
  const rows = await deps.db
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
    .orderBy(asc(upcoming.appointmentDate), asc(upcoming.startTime));
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
