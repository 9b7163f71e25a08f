import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { appointmentSchema } from './appointment-schemas';
import { blockSchema } from './schedule-schemas';

/**
 * The Agenda's day and week views (docs/decisions/014-calendar-and-numbers.md): for each date of
 * the range, its open windows (minutes of the day, in the professional's zone) and why it is
 * closed; the appointments (cancelled ones left out: they hold no time) and the blocks.
 */
export const AGENDA_CALENDAR_MAX_DAYS = 7;

export const agendaCalendarQuerySchema = z
  .object({
    from: z.string({ error: 'Data inválida' }).refine(isIsoDate, 'Data inválida'),
    to: z.string({ error: 'Data inválida' }).refine(isIsoDate, 'Data inválida'),
  })
  .refine((q) => q.from <= q.to, { message: 'A data inicial deve ser antes da final' })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      AGENDA_CALENDAR_MAX_DAYS,
    { message: `Escolha até ${AGENDA_CALENDAR_MAX_DAYS} dias` },
  );
export type AgendaCalendarQuery = z.infer<typeof agendaCalendarQuerySchema>;

export const agendaCalendarSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      /** Open windows in minutes from the date's midnight. */
      windows: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
      closedReason: z.enum(['time_off', 'closed_date', 'weekday']).nullable(),
    }),
  ),
  appointments: z.array(appointmentSchema),
  blocks: z.array(blockSchema),
});
export type AgendaCalendar = z.infer<typeof agendaCalendarSchema>;
