/*
 * The calendar works on the browser's local Dates at midnight; the API on ISO calendar dates in
 * the professional's zone. Only year, month and day cross between the two, so no zone is involved.
 * Neither date-fns nor Intl: these run before the calendar's code has even downloaded.
 */
import { formatLongIsoDate } from '@agendaki/shared';

export function isoToCalendarDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

export function calendarDateToIso(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * "sábado, 24 de novembro de 2026"; `capitalized` to start a line: "Sábado, …". Not through Intl,
 * whose first use costs a fresh tab tens of milliseconds (docs/decisions/023).
 */
export function formatLongDate(isoDate: string, { capitalized = false } = {}): string {
  const text = formatLongIsoDate(isoDate);
  return capitalized ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The weekdays (0 = Sunday) the calendar disables: those with no active window. */
export function getClosedWeekdays(openWeekdays: readonly number[]): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => !openWeekdays.includes(day));
}

/** The month after "YYYY-MM": "2026-12" → "2027-01". */
export function nextIsoMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const next = new Date(year!, monthNumber!, 1);
  return calendarDateToIso(next).slice(0, 7);
}
