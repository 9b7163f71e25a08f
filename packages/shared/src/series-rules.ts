import { formatIsoDate, formatWeekday } from './format';
import type { SeriesFrequency, SeriesProblem } from './series-schemas';
import { resolveDateWindows, type AvailabilityWindow, type DateOverride } from './slots';
import { timeToMinutes } from './time';

/**
 * Whether one occurrence of a horário fixo can happen, by the same rules as the slots
 * (`resolveDateWindows` of slots.ts, and the occupied time the no-overlap constraint guards):
 * a closed date (a holiday switched on, an exception), its own hours, time off, a block or
 * another appointment. The weekly hours alone are only a warning: the dashboard may book
 * outside them (docs/decisions/009-real-week.md).
 */
export interface OccupiedInterval {
  /** Minutes of the date, clipped to it. */
  start: number;
  end: number;
  kind: 'block' | 'appointment';
  note: string | null;
  startTime: string;
}

export interface OccurrenceCheckInput {
  date: string;
  startTime: string;
  /** Duration of the services; the buffer is added for the overlap. */
  durationMinutes: number;
  bufferMinutes: number;
  week: readonly AvailabilityWindow[];
  overrides: readonly (DateOverride & { note?: string | null })[];
  timeOff: readonly { startDate: string; endDate: string; note?: string | null }[];
  /** Holidays of the date's year (name by date). */
  holidays: ReadonlyMap<string, string>;
  occupied: readonly OccupiedInterval[];
  /** The occurrence starts at or before now (in the professional's zone). */
  isPast: boolean;
}

export interface OccurrenceProblem {
  problem: SeriesProblem;
  reason: string;
}

const windowsLabel = (windows: readonly { startTime: string; endTime: string }[]) =>
  windows.map((w) => `${w.startTime}–${w.endTime}`).join(', ');

export function checkOccurrence(input: OccurrenceCheckInput): OccurrenceProblem | null {
  const { date } = input;
  if (input.isPast) return { problem: 'past', reason: 'Data já passou' };
  const start = timeToMinutes(input.startTime);
  const end = start + input.durationMinutes;
  if (end > 24 * 60) return { problem: 'crosses_midnight', reason: 'Termina depois da meia-noite' };
  const { windows, reason } = resolveDateWindows(date, input.week, input.overrides, input.timeOff);
  if (reason === 'time_off') {
    const off = input.timeOff.find((o) => o.startDate <= date && date <= o.endDate);
    return {
      problem: 'time_off',
      reason: off?.note ? `Folga/Férias: ${off.note}` : 'Folga/Férias',
    };
  }
  const override = input.overrides.find((o) => o.date === date);
  if (reason === 'closed_date') {
    const holiday = input.holidays.get(date);
    if (holiday) return { problem: 'holiday', reason: `Feriado: ${holiday}` };
    return {
      problem: 'closed_date',
      reason: override?.note ? `Data fechada: ${override.note}` : 'Data fechada',
    };
  }
  if (override && !windows.some((w) => w.start <= start && end <= w.end)) {
    return {
      problem: 'exception_hours',
      reason: `Horário especial nesta data: ${windowsLabel(override.windows)}`,
    };
  }
  const withBuffer = end + input.bufferMinutes;
  const hit = input.occupied.find((o) => start < o.end && o.start < withBuffer);
  if (hit?.kind === 'block') {
    return {
      problem: 'block',
      reason: hit.note ? `Horário bloqueado: ${hit.note}` : 'Horário bloqueado',
    };
  }
  if (hit) return { problem: 'appointment', reason: `Outro agendamento às ${hit.startTime}` };
  return null;
}

/** Whether the time is inside the weekday's hours (else the series carries a warning). */
export function isWithinWeek(
  date: string,
  startTime: string,
  durationMinutes: number,
  week: readonly AvailabilityWindow[],
): boolean {
  const start = timeToMinutes(startTime);
  const end = start + durationMinutes;
  return resolveDateWindows(date, week).windows.some((w) => w.start <= start && end <= w.end);
}

const ORDINALS = ['primeira', 'segunda', 'terceira', 'quarta', 'última'];
const ORDINALS_MASCULINE = ['primeiro', 'segundo', 'terceiro', 'quarto', 'último'];

/** The nth weekday of its month (1–4, or 5 for the last), as the monthly rule counts it. */
export function nthWeekdayOf(isoDate: string): number {
  return Math.min(Math.ceil(Number(isoDate.slice(8, 10)) / 7), 5);
}

/** "Toda semana, terça-feira às 09:00", "A cada 2 semanas…", "Todo mês, na primeira terça…". */
export function describeSeries(rule: {
  frequency: SeriesFrequency;
  interval: number;
  startDate: string;
  startTime: string;
  untilDate?: string;
}): string {
  const weekday = formatWeekday(rule.startDate);
  const until = rule.untilDate ? `, até ${formatIsoDate(rule.untilDate)}` : '';
  if (rule.frequency === 'monthly') {
    const isMasculine = weekday === 'sábado' || weekday === 'domingo';
    const nth = (isMasculine ? ORDINALS_MASCULINE : ORDINALS)[nthWeekdayOf(rule.startDate) - 1]!;
    return `Todo mês, ${isMasculine ? 'no' : 'na'} ${nth} ${weekday} às ${rule.startTime}${until}`;
  }
  const every = rule.interval === 1 ? 'Toda semana' : `A cada ${rule.interval} semanas`;
  return `${every}, ${weekday} às ${rule.startTime}${until}`;
}
