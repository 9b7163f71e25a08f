/*
 * The calendar works on the browser's local Dates at midnight; the API on ISO calendar dates in
 * the professional's zone. Only year, month and day cross between the two, so no zone is involved.
 * Native Intl, not date-fns: these run before the calendar's code has even downloaded.
 */

export function isoToCalendarDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

export function calendarDateToIso(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const longDate = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "sábado, 24 de novembro de 2026"; `capitalized` to start a line: "Sábado, …". */
export function formatLongDate(isoDate: string, { capitalized = false } = {}): string {
  const text = longDate.format(isoToCalendarDate(isoDate));
  return capitalized ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The weekdays (0 = Sunday) the calendar disables: those with no active window. */
export function getClosedWeekdays(openWeekdays: readonly number[]): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => !openWeekdays.includes(day));
}
