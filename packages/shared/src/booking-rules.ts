import { z } from 'zod';

/**
 * The professional's online booking rules (Configurações > Agendamento online,
 * docs/decisions/009-real-week.md). They bind the public page only: the dashboard may book
 * outside them.
 */

export const SLOT_STEP_OPTIONS = [15, 30, 60, 'duration'] as const;
export type SlotStep = (typeof SLOT_STEP_OPTIONS)[number];

export const MIN_NOTICE_MAX_MINUTES = 7 * 24 * 60;
export const HORIZON_MIN_DAYS = 1;
export const HORIZON_MAX_DAYS = 365;
export const MAX_BOOKINGS_PER_DAY_LIMIT = 100;
export const BOOKING_PAUSED_MESSAGE = 'Agenda online pausada no momento';

export interface BookingRules {
  minNoticeMinutes: number;
  horizonDays: number;
  slotStep: SlotStep;
  /** Null: no cap. Counts the day's appointments that are not cancelled. */
  maxBookingsPerDay: number | null;
  paused: boolean;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  minNoticeMinutes: 120,
  horizonDays: 60,
  slotStep: 30,
  maxBookingsPerDay: null,
  paused: false,
};

export const bookingRulesSchema = z.object({
  minNoticeMinutes: z
    .number({ error: 'Antecedência mínima inválida' })
    .int('Antecedência mínima inválida')
    .min(0, 'A antecedência mínima não pode ser negativa')
    .max(MIN_NOTICE_MAX_MINUTES, 'A antecedência mínima é de no máximo 7 dias'),
  horizonDays: z
    .number({ error: 'Horizonte inválido' })
    .int('Horizonte inválido')
    .min(HORIZON_MIN_DAYS, 'O horizonte deve ser de 1 a 365 dias')
    .max(HORIZON_MAX_DAYS, 'O horizonte deve ser de 1 a 365 dias'),
  slotStep: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal('duration')], {
    error: 'Intervalo entre horários inválido',
  }),
  maxBookingsPerDay: z
    .number({ error: 'Limite por dia inválido' })
    .int('Limite por dia inválido')
    .min(1, 'O limite por dia deve ser de pelo menos 1')
    .max(
      MAX_BOOKINGS_PER_DAY_LIMIT,
      `O limite por dia é de no máximo ${MAX_BOOKINGS_PER_DAY_LIMIT}`,
    )
    .nullable(),
  paused: z.boolean({ error: 'Valor inválido' }),
});

/** Stored as an integer: 0 stands for "the selected duration". */
export function slotStepToColumn(step: SlotStep): number {
  return step === 'duration' ? 0 : step;
}

export function slotStepFromColumn(value: number): SlotStep {
  return value === 15 || value === 30 || value === 60 ? value : 'duration';
}
