// From the input to the planned occurrences: the rule's dates, the skips and the moves.
import {
  addDaysToDate,
  formatIsoDate,
  type seriesInputSchema,
  planConsecutiveAppointments,
  SERIES_MAX_DAYS,
  SERIES_NOTHING_KEPT_MESSAGE,
  SERIES_OCCURRENCE_NOT_FOUND_MESSAGE,
  SERIES_TOO_FAR_MESSAGE,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listServices } from '../services/service';
import type { CheckedOccurrence, PlannedOccurrence, SeriesServiceInfo } from './check';
import { lastDateOf, ruleDatesBetween, type SeriesRule } from './dates';

export type SeriesInput = z.output<typeof seriesInputSchema>;

/** The rule of the input, its end turned into a date; refused beyond a year or in the past. */
export function ruleOfInput(input: SeriesInput, today: string): SeriesRule {
  if (input.startDate < today) {
    throw new AppError('BAD_REQUEST', 'A primeira data não pode estar no passado.');
  }
  const base = {
    frequency: input.frequency,
    interval: input.frequency === 'monthly' ? 1 : input.interval,
    startDate: input.startDate,
    startTime: input.startTime,
  };
  const untilDate =
    input.end.kind === 'count' ? lastDateOf(base, input.end.count) : input.end.until;
  if (untilDate < input.startDate) {
    throw new AppError('BAD_REQUEST', 'A data final deve ser igual ou depois da primeira data.');
  }
  if (untilDate > addDaysToDate(today, SERIES_MAX_DAYS)) {
    throw new AppError('BAD_REQUEST', SERIES_TOO_FAR_MESSAGE);
  }
  return { ...base, untilDate };
}

/** Every date of the rule as it will be made: moved where moved, skipped ones left out. */
export function planOccurrences(
  rule: SeriesRule,
  dates: readonly string[],
  changes: {
    skips: readonly string[];
    moves: readonly { date: string; toDate: string; toStartTime: string }[];
  },
): PlannedOccurrence[] {
  const known = new Set(dates);
  for (const date of [...changes.skips, ...changes.moves.map((m) => m.date)]) {
    if (!known.has(date)) throw new AppError('BAD_REQUEST', SERIES_OCCURRENCE_NOT_FOUND_MESSAGE);
  }
  const skipped = new Set(changes.skips);
  const moves = new Map(changes.moves.map((m) => [m.date, m]));
  return dates
    .filter((date) => !skipped.has(date))
    .map((date) => {
      const move = moves.get(date);
      return {
        date,
        appointmentDate: move?.toDate ?? date,
        startTime: move?.toStartTime ?? rule.startTime,
        moved: Boolean(move),
      };
    });
}

export function allRuleDates(rule: SeriesRule): string[] {
  return ruleDatesBetween(rule, rule.startDate, rule.untilDate);
}

export function requireSomeKept(planned: readonly PlannedOccurrence[]) {
  if (planned.length === 0) throw new AppError('BAD_REQUEST', SERIES_NOTHING_KEPT_MESSAGE);
}

/** The professional's services of the series, in the order given, or 404. */
export async function loadSeriesServices(
  db: Db,
  profileId: string,
  services: readonly { serviceId: string; priceCents?: number }[],
): Promise<SeriesServiceInfo[]> {
  const own = new Map(
    (await listServices({ db }, profileId, { activeOnly: false })).map((s) => [s.id, s]),
  );
  return services.map(({ serviceId, priceCents }) => {
    const service = own.get(serviceId);
    if (!service) throw new AppError('NOT_FOUND', 'Serviço não encontrado');
    return {
      serviceId,
      name: service.name,
      durationMinutes: service.durationMinutes,
      bufferMinutes: service.bufferMinutes,
      priceCents: priceCents ?? service.priceCents,
    };
  });
}

/** The appointments of one occurrence: its services back to back, at the series' prices. */
export function stepsOf(services: readonly SeriesServiceInfo[], startTime: string) {
  const plan = planConsecutiveAppointments(
    startTime,
    services.map((s) => ({ ...s, id: s.serviceId })),
  );
  if (!plan) throw new AppError('BAD_REQUEST', 'O agendamento deve terminar no mesmo dia');
  return plan.map((step, index) => ({
    serviceId: step.service.serviceId,
    startTime: step.startTime,
    endTime: step.endTime,
    totalPrice: (step.service.priceCents / 100).toFixed(2),
    bufferMinutes: index === plan.length - 1 ? step.service.bufferMinutes : 0,
  }));
}

/** "12/03/2027 (Feriado: …)" for each date that cannot happen, or nothing. */
export function describeProblems(items: readonly CheckedOccurrence[]): string | null {
  const bad = items.filter((item) => item.problem);
  if (bad.length === 0) return null;
  const list = bad
    .slice(0, 5)
    .map((item) => `${formatIsoDate(item.appointmentDate)} (${item.problem!.reason})`)
    .join('; ');
  const more = bad.length > 5 ? ` e mais ${bad.length - 5}` : '';
  return `Algumas datas não podem acontecer: ${list}${more}. Revise as datas e salve de novo.`;
}
