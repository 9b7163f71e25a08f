// The rule's dates: rrule (RFC 5545) over wall-clock dates of the professional's zone.
import { getWeekday, nthWeekdayOf, type SeriesFrequency } from '@agendaki/shared';
import * as rruleModule from 'rrule';
import type { Weekday } from 'rrule';

// rrule ships CommonJS for Node and ES modules for bundlers: its class is found either way.
const { RRule } =
  'RRule' in rruleModule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default;

export interface SeriesRule {
  frequency: SeriesFrequency;
  interval: number;
  startDate: string;
  startTime: string;
  untilDate: string;
}

const WEEKDAYS: readonly Weekday[] = [
  RRule.SU,
  RRule.MO,
  RRule.TU,
  RRule.WE,
  RRule.TH,
  RRule.FR,
  RRule.SA,
];

/**
 * rrule reads a Date's UTC fields as a "floating" wall clock (its documented way for zoned
 * rules): the professional's dates go in and come out as such, so no zone offset or daylight
 * change can move an occurrence to another day. Only dates are taken from it; the time of day is
 * the series' own, in the professional's zone (zonedInstant turns it into an instant).
 */
const floating = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
};
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

function ruleOf(rule: Omit<SeriesRule, 'untilDate'> & { untilDate?: string; count?: number }) {
  const weekday = WEEKDAYS[getWeekday(rule.startDate)]!;
  const nth = nthWeekdayOf(rule.startDate);
  return new RRule({
    freq: rule.frequency === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY,
    interval: rule.frequency === 'monthly' ? 1 : rule.interval,
    byweekday: [rule.frequency === 'monthly' ? weekday.nth(nth === 5 ? -1 : nth) : weekday],
    dtstart: floating(rule.startDate),
    ...(rule.untilDate ? { until: floating(rule.untilDate) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
  });
}

/** The last date of a rule made "for N times" (its until date from then on). */
export function lastDateOf(rule: Omit<SeriesRule, 'untilDate'>, count: number): string {
  const dates = ruleOf({ ...rule, count }).all();
  return isoOf(dates[dates.length - 1] ?? floating(rule.startDate));
}

/** The rule's dates within [from, to], inclusive. */
export function ruleDatesBetween(rule: SeriesRule, from: string, to: string): string[] {
  if (to < from) return [];
  return ruleOf(rule).between(floating(from), floating(to), true).map(isoOf);
}

/** The rule as an RRULE line, kept with the series. */
export function ruleText(rule: SeriesRule): string {
  return ruleOf(rule).toString().split('\n').at(-1) ?? '';
}
