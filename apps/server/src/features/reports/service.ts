import {
  addDaysToDate,
  REPORT_WEEKS,
  toCents,
  zonedToday,
  type CsvExportQuery,
  type Report,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Professional } from '../../plugins/auth';
import { getReportGroups, listAppointmentsInRange } from '../appointments/service';
import { unusedSessions } from '../packages/service';
import { receivedFigures } from '../payments/service';
import { toAppointmentsCsv } from './csv';

/** The database and the clock (decision 010). */
export interface ReportsDeps {
  db: Db;
  clock: Clock;
}

/** The Sunday that starts the week of an ISO date (weeks start on Sunday, as in ptBR). */
function sundayOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDaysToDate(isoDate, -weekday);
}

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/**
 * Relatórios (docs/decisions/014-calendar-and-numbers.md): the last 12 weeks up to today in the
 * professional's zone, from one grouped statement (the number of statements does not grow with
 * the appointments). Revenue and the busiest days and hours count kept appointments only
 * (neither cancelled nor no-show); the rates are shares of every appointment of the period.
 */
export async function getReport(deps: ReportsDeps, professional: Professional): Promise<Report> {
  const today = zonedToday(deps.clock.now(), professional.timezone);
  const from = addDaysToDate(sundayOf(today), -7 * (REPORT_WEEKS - 1));
  const groups = await getReportGroups(deps, professional.profileId, { from, to: today });
  const received = await receivedFigures(deps, professional.profileId, { from, to: today });

  const weekRows = new Map<string, (typeof groups)[number]>();
  const weekdayCounts = new Map<number, number>();
  const hours: Report['hours'] = [];
  const services: Report['services'] = [];
  let total = { total: 0, kept: 0, cancelled: 0, noShows: 0, revenue: '0' };
  for (const group of groups) {
    if (group.dimension === 'week' && group.weekStart) weekRows.set(group.weekStart, group);
    if (group.dimension === 'weekday' && group.weekday !== null) {
      weekdayCounts.set(Number(group.weekday), group.kept);
    }
    if (group.dimension === 'hour' && group.hour !== null && group.kept > 0) {
      hours.push({ hour: Number(group.hour), appointments: group.kept });
    }
    if (group.dimension === 'service' && group.serviceId && group.kept > 0) {
      services.push({
        serviceId: group.serviceId,
        serviceName: group.serviceName ?? '',
        appointments: group.kept,
        revenueCents: toCents(group.revenue),
      });
    }
    if (group.dimension === 'total') total = group;
  }

  const weeks = Array.from({ length: REPORT_WEEKS }, (_, index) => {
    const weekStart = addDaysToDate(from, 7 * index);
    const row = weekRows.get(weekStart);
    return {
      weekStart,
      revenueCents: row ? toCents(row.revenue) : 0,
      appointments: row?.kept ?? 0,
    };
  });
  services.sort(
    (a, b) =>
      b.appointments - a.appointments ||
      b.revenueCents - a.revenueCents ||
      a.serviceName.localeCompare(b.serviceName, 'pt-BR'),
  );
  hours.sort((a, b) => a.hour - b.hour);

  return {
    from,
    to: today,
    weeks,
    services,
    totals: {
      appointments: total.total,
      kept: total.kept,
      cancelled: total.cancelled,
      noShows: total.noShows,
      revenueCents: toCents(total.revenue),
      cancellationRate: rate(total.cancelled, total.total),
      noShowRate: rate(total.noShows, total.total),
    },
    weekdays: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      appointments: weekdayCounts.get(weekday) ?? 0,
    })),
    hours,
    received: {
      totalCents: received.totalCents,
      weeks: weeks.map(({ weekStart }) => ({
        weekStart,
        receivedCents: received.weeks.get(weekStart) ?? 0,
      })),
      methods: received.methods.sort((a, b) => b.cents - a.cents),
    },
    unusedSessions: await unusedSessions(deps.db, professional.profileId),
  };
}

/** A CSV file is a spreadsheet, not a backup: a bound against a runaway period. */
const CSV_MAX_ROWS = 100_000;

/** The CSV of every appointment of the period (cancelled and no-show included, with status). */
export async function exportAppointmentsCsv(
  deps: ReportsDeps,
  professional: Professional,
  period: CsvExportQuery,
): Promise<string> {
  const appointments = await listAppointmentsInRange(
    deps,
    professional.profileId,
    period,
    CSV_MAX_ROWS,
  );
  return toAppointmentsCsv(appointments);
}
