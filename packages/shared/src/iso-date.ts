// Dates and months as the API writes them, without zod: the Agenda's first screen needs them.
/**
 * Years a date or month the app takes may fall in. Far beyond any agenda, and far from 9999,
 * where a month or week computed from the input would pass year 10000 and fail (issue 44).
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

/** A real calendar date written YYYY-MM-DD ("2026-02-30" is not one), years 1900–2100. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= DATE_YEAR_MIN &&
    year <= DATE_YEAR_MAX &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A month written YYYY-MM, years 1900–2100 like `isIsoDate`. */
export function isIsoMonth(value: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}
