import { formatIsoDate, OPERATOR_TIMEZONE, zonedNow } from '@agendaki/shared';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** "29/11/2026 14:05" of an instant, in the operator's zone. */
export function formatInstant(iso: string): string {
  const { date, time } = zonedNow(new Date(iso), OPERATOR_TIMEZONE);
  return `${formatIsoDate(date)} ${time}`;
}

/** "29/11/2026" of an instant, in the operator's zone. */
export function formatDay(iso: string): string {
  return formatIsoDate(zonedNow(new Date(iso), OPERATOR_TIMEZONE).date);
}

/** "30/08" of "2026-08-30". */
export function formatShortDate(isoDate: string): string {
  return formatIsoDate(isoDate).slice(0, 5);
}

/** "nov/26" of "2026-11". */
export function formatMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

export const formatCount = (value: number) => (Number.isInteger(value) ? String(value) : '');
