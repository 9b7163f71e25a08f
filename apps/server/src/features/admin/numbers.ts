// The operator's numbers: trials and conversions per week, paying accounts, MRR, cancellations.
import {
  ADMIN_MONTHS,
  ADMIN_WEEKS,
  type AdminNumbers,
  addDaysToDate,
  OPERATOR_TIMEZONE,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { subscriptionsOf } from '../subscription/service';
import { countCancellationsByMonth, countPaying, countTrialsByDay } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Sunday that starts the week of an ISO date. */
function weekStartOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return addDaysToDate(isoDate, -weekday);
}

/** `yyyy-MM` of the months from `count - 1` months before `today`'s to its own. */
function lastMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export function createNumbersService(deps: { db: Db; clock: Clock; planPriceCents: number }) {
  return {
    async getNumbers(): Promise<AdminNumbers> {
      const { db } = deps;
      const now = deps.clock.now();
      const today = zonedToday(now, OPERATOR_TIMEZONE);
      const firstWeek = addDaysToDate(weekStartOf(today), -7 * (ADMIN_WEEKS - 1));
      const months = lastMonths(today, ADMIN_MONTHS);
      // A day's margin either side of the zone's midnight; the days are bucketed below.
      const since = new Date(Date.parse(`${firstWeek}T00:00:00Z`) - DAY_MS);
      const monthsSince = new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - DAY_MS);
      const subscriptions = subscriptionsOf({ db });
      const days = await countTrialsByDay(db, subscriptions, since, OPERATOR_TIMEZONE);
      const paying = await countPaying(db, subscriptions, now);
      const cancelled = await countCancellationsByMonth(db, subscriptions, {
        since: monthsSince,
        now,
        zone: OPERATOR_TIMEZONE,
      });

      const weeks = Array.from({ length: ADMIN_WEEKS }, (_, index) => ({
        weekStart: addDaysToDate(firstWeek, 7 * index),
        trialsStarted: 0,
        converted: 0,
      }));
      for (const day of days) {
        const week = weeks.find((entry) => entry.weekStart === weekStartOf(day.day));
        if (!week) continue;
        week.trialsStarted += day.started;
        week.converted += day.converted;
      }
      const byMonth = new Map(cancelled.map((row) => [row.month, row.cancellations]));
      return {
        weeks,
        payingAccounts: paying,
        mrrCents: paying * deps.planPriceCents,
        planPriceCents: deps.planPriceCents,
        months: months.map((month) => ({ month, cancellations: byMonth.get(month) ?? 0 })),
      };
    },
  };
}
