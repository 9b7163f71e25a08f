import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIMEZONE } from './public-config';

/**
 * Calendar dates and wall-clock times in a professional's time zone (docs/product.md, Time):
 * "today", "now" and month boundaries are never the server's or the browser's.
 * Dates are ISO calendar dates ("2026-11-30"); ranges are inclusive.
 */

export interface DateRange {
  start: string;
  end: string;
}

// Building an Intl.DateTimeFormat costs tens of microseconds and the answer for a zone name
// never changes while the process runs: remembered (a few hundred IANA names at most; other
// strings are only remembered up to a bound, so a flood of junk cannot grow it).
const knownZones = new Map<string, boolean>();
const MAX_REMEMBERED_ZONES = 1_000;

export function isValidTimeZone(timeZone: string): boolean {
  const known = knownZones.get(timeZone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size < MAX_REMEMBERED_ZONES) knownZones.set(timeZone, valid);
  return valid;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function toIsoDate(year: number, monthIndex: number, day: number): string {
  return `${pad(year, 4)}-${pad(monthIndex + 1)}-${pad(day)}`;
}

function parseIsoDate(isoDate: string): { year: number; monthIndex: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not an ISO date: ${isoDate}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1, day: Number(match[3]) };
}

function zoned(now: Date, timeZone: string): TZDate {
  return new TZDate(now.getTime(), isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE);
}

// The answer only changes once a minute: it is kept per zone and minute. A slots request asks
// for now and for now plus the minimum notice (two minutes), and every request of the same
// minute asks again; one entry per zone would be replaced at every other call. The oldest
// entries go first, so the map stays as small as the zones and minutes in use.
const MAX_REMEMBERED_MINUTES = 512;
const byZoneAndMinute = new Map<string, { date: string; time: string }>();

/** The calendar date and "HH:mm" at `now` in the zone. */
export function zonedNow(now: Date, timeZone: string): { date: string; time: string } {
  const key = `${Math.floor(now.getTime() / 60_000)} ${timeZone}`;
  const known = byZoneAndMinute.get(key);
  if (known) return { ...known };
  const local = zoned(now, timeZone);
  const value = {
    date: toIsoDate(local.getFullYear(), local.getMonth(), local.getDate()),
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
  if (byZoneAndMinute.size >= MAX_REMEMBERED_MINUTES) {
    byZoneAndMinute.delete(byZoneAndMinute.keys().next().value!);
  }
  byZoneAndMinute.set(key, value);
  return { ...value };
}

/** "Today" in the zone: 2026-12-01T02:59Z is still "2026-11-30" in São Paulo. */
export function zonedToday(now: Date, timeZone: string): string {
  return zonedNow(now, timeZone).date;
}

/** Pure calendar arithmetic on ISO dates (no zone involved). */
export function addDaysToDate(isoDate: string, days: number): string {
  const { year, monthIndex, day } = parseIsoDate(isoDate);
  const date = new Date(Date.UTC(year, monthIndex, day + days));
  return toIsoDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The whole calendar month that contains the date. */
export function monthRange(isoDate: string): DateRange {
  const { year, monthIndex } = parseIsoDate(isoDate);
  return {
    start: toIsoDate(year, monthIndex, 1),
    end: toIsoDate(year, monthIndex, daysInMonth(year, monthIndex)),
  };
}

/** From the first of the month to the date itself. */
export function monthToDateRange(isoDate: string): DateRange {
  return { start: monthRange(isoDate).start, end: isoDate };
}

/**
 * The same day-of-month span one month earlier, so "this month so far" compares with "last
 * month up to the same day". Clamped to the previous month's last day: 31/03 -> 01/02..28/02.
 */
export function previousMonthToDateRange(isoDate: string): DateRange {
  const { year, monthIndex, day } = parseIsoDate(isoDate);
  const prevYear = monthIndex === 0 ? year - 1 : year;
  const prevMonth = monthIndex === 0 ? 11 : monthIndex - 1;
  const lastDay = Math.min(day, daysInMonth(prevYear, prevMonth));
  return { start: toIsoDate(prevYear, prevMonth, 1), end: toIsoDate(prevYear, prevMonth, lastDay) };
}

/** The instant at which the date begins (00:00) in the zone. */
export function zonedStartOfDay(isoDate: string, timeZone: string): Date {
  const { year, monthIndex, day } = parseIsoDate(isoDate);
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  return new Date(new TZDate(year, monthIndex, day, 0, 0, 0, zone).getTime());
}

export interface DashboardPeriods {
  today: string;
  yesterday: string;
  /** "HH:mm" now, in the zone: the next appointments start at or after it. */
  nowTime: string;
  month: DateRange;
  previousMonth: DateRange;
  /** The instant the current month began in the zone (for `created_at` comparisons). */
  monthStartsAt: Date;
}

/** Every period the dashboard home compares, computed in the professional's zone. */
export function getDashboardPeriods(now: Date, timeZone: string): DashboardPeriods {
  const { date: today, time: nowTime } = zonedNow(now, timeZone);
  const month = monthToDateRange(today);
  return {
    today,
    yesterday: addDaysToDate(today, -1),
    nowTime,
    month,
    previousMonth: previousMonthToDateRange(today),
    monthStartsAt: zonedStartOfDay(month.start, timeZone),
  };
}
