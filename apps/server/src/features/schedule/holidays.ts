import { addDaysToDate, type Holiday } from '@agendaki/shared';
import Holidays from 'date-holidays';
import { findBookingRules } from '../profile/service';
import * as repo from './repo';
import type { ScheduleDeps } from './rules';

/** Holidays are offered for the next 12 months (docs/decisions/009-real-week.md). */
const HOLIDAY_DAYS_AHEAD = 365;

/**
 * Public holidays (`type: public` of date-holidays) of Brazil and, when set, of the state,
 * between the dates inclusive. A state's list repeats the national ones: those stay national.
 */
export function findHolidays(
  state: string | null,
  from: string,
  to: string,
): Omit<Holiday, 'closed'>[] {
  const years = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  const collect = (calendar: Holidays) =>
    [...new Set(years)]
      .flatMap((year) => calendar.getHolidays(year))
      .filter((h) => h.type === 'public')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
      .filter((h) => from <= h.date && h.date <= to);
  const national = collect(new Holidays('BR'));
  const nationalDates = new Set(national.map((h) => h.date));
  const own = state
    ? collect(new Holidays('BR', state)).filter((h) => !nationalDates.has(h.date))
    : [];
  return [
    ...national.map((h) => ({ ...h, scope: 'national' as const })),
    ...own.map((h) => ({ ...h, scope: 'state' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

async function closedDates(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  from: string,
  to: string,
) {
  const rows = await repo.listExceptionRows(db, professionalId, from, to);
  return new Set(rows.filter((row) => row.startTime === null).map((row) => row.date));
}

export async function listHolidays(
  { db }: Pick<ScheduleDeps, 'db'>,
  professionalId: string,
  today: string,
): Promise<{ state: string | null; holidays: Holiday[] }> {
  const rules = await findBookingRules({ db }, professionalId);
  const state = rules?.state ?? null;
  const to = addDaysToDate(today, HOLIDAY_DAYS_AHEAD);
  const closed = await closedDates({ db }, professionalId, today, to);
  return {
    state,
    holidays: findHolidays(state, today, to).map((h) => ({ ...h, closed: closed.has(h.date) })),
  };
}
