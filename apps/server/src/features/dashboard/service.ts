import {
  formatTime,
  getDashboardPeriods,
  toAppointmentStatus,
  toCents,
  type DashboardSummary,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Professional } from '../../plugins/auth';
import { getAppointmentFigures, getClientFigures, listUpcomingAppointments } from './repo';

const UPCOMING_LIMIT = 5;

/**
 * The dashboard home's figures (DECISIONS.md, Dashboard: every figure real). "Today", "now" and
 * the months are those of the professional's zone. Cancelled appointments count nowhere. The
 * month figures are month-to-date (1st to today) and compare with the same span of the
 * previous month, so the 10th compares with the 1st–10th of last month.
 */
export async function getDashboardSummary(
  db: Db,
  professional: Professional,
  now: Date,
): Promise<DashboardSummary> {
  const periods = getDashboardPeriods(now, professional.timezone);
  const [figures, clientFigures, upcoming] = await Promise.all([
    getAppointmentFigures(db, professional.profileId, periods),
    getClientFigures(db, professional.profileId, periods.monthStartsAt),
    listUpcomingAppointments(
      db,
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
    newClientsThisMonth: clientFigures.newThisMonth,
    upcoming: upcoming.map((row) => ({
      id: row.id,
      appointmentDate: row.appointmentDate,
      startTime: formatTime(row.startTime),
      endTime: formatTime(row.endTime),
      status: toAppointmentStatus(row.status),
      clientName: row.clientName,
      serviceName: row.serviceName,
      totalPriceCents: toCents(row.totalPrice),
    })),
  };
}
