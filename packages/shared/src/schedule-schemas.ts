import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { END_BEFORE_START_MESSAGE, OVERLAPPING_WINDOWS_MESSAGE } from './availability-schemas';
import { isValidTime, timeToMinutes } from './time';

/**
 * Exceptions by date, time off ("Folga/Férias") and blocks ("Bloquear horário")
 * (docs/decisions/009-real-week.md): the schemas the dashboard forms and the API share.
 */

export const SCHEDULE_NOTE_MAX = 200;
export const MAX_DATE_WINDOWS = 10;
export const MAX_TIME_OFF_DAYS = 366;
export const INVALID_DATE_MESSAGE_SCHEDULE = 'Data inválida';
export const END_DATE_BEFORE_START_MESSAGE = 'A data final deve ser igual ou depois da inicial';
export const TIME_OFF_TOO_LONG_MESSAGE = 'O período pode ter no máximo 366 dias';
export const BLOCK_NOT_FOUND_MESSAGE = 'Bloqueio não encontrado';
export const TIME_OFF_NOT_FOUND_MESSAGE = 'Folga não encontrada';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A window's end may be 24:00 (the end of the day); a start may not. */
const HH_MM_OR_MIDNIGHT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const scheduleDate = z
  .string({ error: INVALID_DATE_MESSAGE_SCHEDULE })
  .refine(isIsoDate, INVALID_DATE_MESSAGE_SCHEDULE);
const startTime = z.string({ error: 'Hora inválida' }).regex(HH_MM, 'Hora inválida');
const endTime = z
  .string({ error: 'Hora inválida' })
  .regex(HH_MM_OR_MIDNIGHT, 'O horário deve estar dentro do dia');
const note = z
  .string({ error: 'Observação inválida' })
  .trim()
  .max(SCHEDULE_NOTE_MAX, 'Observação muito longa')
  .nullish()
  .transform((value) => (value ? value : null));

const wellFormed = (w: { startTime: string; endTime: string }) =>
  (isValidTime(w.startTime) || w.startTime === '24:00') &&
  (isValidTime(w.endTime) || w.endTime === '24:00');

export const timeRangeInputSchema = z
  .object({ startTime, endTime })
  .refine((w) => !wellFormed(w) || timeToMinutes(w.endTime) > timeToMinutes(w.startTime), {
    message: END_BEFORE_START_MESSAGE,
    path: ['endTime'],
  });
export type TimeRangeInput = z.input<typeof timeRangeInputSchema>;

/** `PUT /api/availability/exceptions/:date`: closed (no windows) or its own windows. */
export const dateExceptionInputSchema = z
  .object({
    windows: z
      .array(timeRangeInputSchema, { error: 'Horários inválidos' })
      .max(MAX_DATE_WINDOWS, 'Horários demais'),
    note,
  })
  .superRefine((value, ctx) => {
    if (!value.windows.every(wellFormed)) return;
    const sorted = value.windows
      .map((w, index) => ({
        index,
        start: timeToMinutes(w.startTime),
        end: timeToMinutes(w.endTime),
      }))
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        ctx.addIssue({
          code: 'custom',
          message: OVERLAPPING_WINDOWS_MESSAGE,
          path: ['windows', sorted[i]!.index, 'startTime'],
        });
        return;
      }
    }
  });
export type DateExceptionInput = z.input<typeof dateExceptionInputSchema>;

export const dateExceptionSchema = z.object({
  date: z.string(),
  /** Empty: the date is closed. */
  windows: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  note: z.string().nullable(),
});
export type DateException = z.infer<typeof dateExceptionSchema>;

export const timeOffInputSchema = z
  .object({ startDate: scheduleDate, endDate: scheduleDate, note })
  .superRefine((value, ctx) => {
    if (!isIsoDate(value.startDate) || !isIsoDate(value.endDate)) return;
    if (value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', message: END_DATE_BEFORE_START_MESSAGE, path: ['endDate'] });
      return;
    }
    const days =
      (Date.parse(`${value.endDate}T00:00:00Z`) - Date.parse(`${value.startDate}T00:00:00Z`)) /
      86_400_000;
    if (days >= MAX_TIME_OFF_DAYS) {
      ctx.addIssue({ code: 'custom', message: TIME_OFF_TOO_LONG_MESSAGE, path: ['endDate'] });
    }
  });
export type TimeOffInput = z.input<typeof timeOffInputSchema>;

export const timeOffSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const blockInputSchema = z
  .object({ date: scheduleDate, startTime, endTime, note })
  .refine((w) => !wellFormed(w) || timeToMinutes(w.endTime) > timeToMinutes(w.startTime), {
    message: END_BEFORE_START_MESSAGE,
    path: ['endTime'],
  });
export type BlockInput = z.input<typeof blockInputSchema>;

export const blockSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  note: z.string().nullable(),
});
export type Block = z.infer<typeof blockSchema>;

/** An appointment already inside a time just closed: listed, never cancelled. */
export const affectedAppointmentSchema = z.object({
  id: z.string(),
  appointmentDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  clientName: z.string(),
  serviceName: z.string(),
});
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;

export function affectedAppointmentsMessage(count: number): string {
  return count === 1 ? 'Há 1 agendamento nesse período' : `Há ${count} agendamentos nesse período`;
}

/** Brazilian states (UF), for the state's holidays (Configurações > Negócio). */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type BrazilState = (typeof BRAZIL_STATES)[number];

export const stateSchema = z.enum(BRAZIL_STATES, { error: 'UF inválida' });

export const holidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  scope: z.enum(['national', 'state']),
  /** Whether the date is closed (the professional switched it on). */
  closed: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidaysResponseSchema = z.object({
  state: z.string().nullable(),
  holidays: z.array(holidaySchema),
});
export type HolidaysResponse = z.infer<typeof holidaysResponseSchema>;

export const scheduleSaveResponseSchema = z.object({
  affected: z.array(affectedAppointmentSchema),
});
