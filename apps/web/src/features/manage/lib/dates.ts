import { formatWeekday } from '@agendaki/shared';

function parseIso(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!, 12));
}

/** "Terça-feira", "Ter": only the first letter in capitals, as pt-BR writes it. */
export function weekday(date: string, style: 'long' | 'short'): string {
  const name = formatWeekday(date, style);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function addDays(date: string, days: number): string {
  const next = parseIso(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
