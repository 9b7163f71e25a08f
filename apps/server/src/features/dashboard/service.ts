import { getDashboardPeriods, toCents, type DashboardSummary } from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Professional } from '../../plugins/auth';
import { getAppointmentFigures, listUpcomingAppointments } from '../appointments/service';
import { countClients } from '../clients/service';

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
 * previous month, so the 10th compares with the 1st–10th of last month.
 */
export async function getDashboardSummary(
  deps: DashboardDeps,
  professional: Professional,
): Promise<DashboardSummary> {
  const periods = getDashboardPeriods(deps.clock.now(), professional.timezone);
  const [figures, clientFigures, upcoming] = await Promise.all([
    getAppointmentFigures(deps, professional.profileId, periods),
    countClients(deps, professional.profileId, periods.monthStartsAt),
    listUpcomingAppointments(
      deps,
      professional.profileId,
      { date: periods.today, time: periods.nowTime },
      UPCOMING_LIMIT,
    ),
  ]);
  return {
    todayCount: figures.todayCount,
    yesterdayCount: figures.yesterdayCount,
    monthRevenueCents: toCents(figures.monthRevenue),
    previousMonthRevenueCents: toCents(figures.previousMonthRevenue),
    monthAppointments: figures.monthAppointments,
    previousMonthAppointments: figures.previousMonthAppointments,
    clientsTotal: clientFigures.total,
    newClientsThisMonth: clientFigures.newSince,
    upcoming: upcoming.map((appointment) => ({
      id: appointment.id,
      appointmentDate: appointment.appointmentDate,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      status: appointment.status,
      clientName: appointment.client.name,
      serviceName: appointment.service.name,
      totalPriceCents: appointment.totalPriceCents,
    })),
  };
}
