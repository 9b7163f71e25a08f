import { z } from 'zod';
import { isValidTime, timeToMinutes } from './time';

export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** docs/product.md section 4: with no saved rows, every day 09:00-18:00, active Monday to Friday. */
export const DEFAULT_AVAILABILITY_START = '09:00';
export const DEFAULT_AVAILABILITY_END = '18:00';
export const MAX_AVAILABILITY_WINDOWS = 70;

export const END_BEFORE_START_MESSAGE = 'O horário final deve ser depois do inicial';
export const OVERLAPPING_WINDOWS_MESSAGE = 'Os horários de um mesmo dia não podem se sobrepor';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeOfDaySchema = z.string({ error: 'Hora inválida' }).regex(HH_MM, 'Hora inválida');

export const availabilityWindowInputSchema = z
  .object({
    dayOfWeek: z
      .number({ error: 'Dia da semana inválido' })
      .int('Dia da semana inválido')
      .min(0, 'Dia da semana inválido')
      .max(6, 'Dia da semana inválido'),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
    isActive: z.boolean({ error: 'Valor inválido para ativo' }),
  })
  .refine(
    // Bad times are reported by their own fields; this compares only well-formed ones.
    (w) =>
      !isValidTime(w.startTime) ||
      !isValidTime(w.endTime) ||
      timeToMinutes(w.endTime) > timeToMinutes(w.startTime),
    {
      message: END_BEFORE_START_MESSAGE,
      path: ['endTime'],
    },
  );
export type AvailabilityWindowInput = z.input<typeof availabilityWindowInputSchema>;

/** Index of the first window that overlaps an earlier one of the same weekday, or -1. */
export function findOverlappingWindow(
  windows: readonly { dayOfWeek: number; startTime: string; endTime: string }[],
): number {
  for (let i = 0; i < windows.length; i += 1) {
    const a = windows[i]!;
    for (let j = 0; j < i; j += 1) {
      const b = windows[j]!;
      if (a.dayOfWeek !== b.dayOfWeek) continue;
      // Half-open ranges: 12:00-13:00 and 13:00-18:00 touch but do not overlap.
      if (
        timeToMinutes(a.startTime) < timeToMinutes(b.endTime) &&
        timeToMinutes(b.startTime) < timeToMinutes(a.endTime)
      ) {
        return i;
      }
    }
  }
  return -1;
}

/**
 * `PUT /api/availability`: the whole week at once. A day may hold several windows (a lunch
 * break is two), which must not overlap; a day off keeps its rows with `isActive: false`.
 */
export const availabilityWeekInputSchema = z
  .object({
    windows: z
      .array(availabilityWindowInputSchema, { error: 'Horários inválidos' })
      .min(1, 'Informe pelo menos um horário')
      .max(MAX_AVAILABILITY_WINDOWS, 'Horários demais'),
  })
  .superRefine((week, ctx) => {
    // Runs even when a window failed its own checks; compare only the well-formed ones.
    if (!week.windows.every((w) => isValidTime(w.startTime) && isValidTime(w.endTime))) return;
    const index = findOverlappingWindow(week.windows);
    if (index >= 0) {
      ctx.addIssue({
        code: 'custom',
        message: OVERLAPPING_WINDOWS_MESSAGE,
        path: ['windows', index, 'startTime'],
      });
    }
  });
export type AvailabilityWeekInput = z.input<typeof availabilityWeekInputSchema>;

export const availabilityWindowSchema = z.object({
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
});
// The window's type is `AvailabilityWindow` of slots.ts, the same shape.

export const availabilityWeekSchema = z.object({
  /** True when nothing was saved yet and these are the defaults. */
  isDefault: z.boolean(),
  windows: z.array(availabilityWindowSchema),
});
export type AvailabilityWeek = z.infer<typeof availabilityWeekSchema>;

export function getDefaultAvailability(): AvailabilityWeek['windows'] {
  return WEEKDAY_LABELS.map((_, dayOfWeek) => ({
    dayOfWeek,
    startTime: DEFAULT_AVAILABILITY_START,
    endTime: DEFAULT_AVAILABILITY_END,
    isActive: dayOfWeek >= 1 && dayOfWeek <= 5,
  }));
}
