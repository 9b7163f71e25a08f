import { formatIsoDate } from '@agendaki/shared';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/** "12,5%", or "—" when there was nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percent.format(rate);
}

export const WEEKDAY_NAMES = [
  'Domingo',
  'Segunda',
  'Terça',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sábado',
] as const;

/** "30/08" of "2026-08-30": the week's first day, short for an axis. */
export function formatShortDate(isoDate: string): string {
  return formatIsoDate(isoDate).slice(0, 5);
}

/** "08h" */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}h`;
}
