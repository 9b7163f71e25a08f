import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-status';
import { pageQuerySchema, searchQuerySchema } from './client-schemas';
import { optionalText } from './text';

export const APPOINTMENT_NOTES_MAX = 1000;
export const APPOINTMENT_PERIODS = ['all', 'today', 'week'] as const;
export type AppointmentPeriod = (typeof APPOINTMENT_PERIODS)[number];
/** docs/product.md section 9: the week filter covers 7 days from today. */
export const WEEK_PERIOD_DAYS = 7;

export const CROSSES_MIDNIGHT_MESSAGE = 'O agendamento deve terminar no mesmo dia';

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

const appointmentFields = {
  clientId: z.uuid({ error: 'Cliente inválido' }),
  serviceId: z.uuid({ error: 'Serviço inválido' }),
  appointmentDate: z.string({ error: 'Data inválida' }).refine(isIsoDate, 'Data inválida'),
  startTime: z
    .string({ error: 'Hora inválida' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida'),
  status: z.enum(APPOINTMENT_STATUSES, { error: 'Status inválido' }),
  notes: optionalText(APPOINTMENT_NOTES_MAX, 'Notas muito longas', { multiline: true }),
};

/** Appointment form and `POST /api/appointments` (docs/product.md section 5, appointment form). */
export const appointmentInputSchema = z.object({
  ...appointmentFields,
  status: appointmentFields.status.optional(),
});
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

/** `PATCH /api/appointments/:id`: any subset; end time and price are recomputed by the server. */
export const appointmentUpdateSchema = z.object(appointmentFields).partial();
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  serviceId: z.string(),
  appointmentDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** Decimal string copied from the service when booked: "49.90". */
  totalPrice: z.string(),
  totalPriceCents: z.number().int(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** The booking it belongs to (its own id for a dashboard appointment): its Pix sinal's key. */
  bookingId: z.string().optional(),
  /** The horário fixo it is an occurrence of (docs/product.md, Horário fixo), if any. */
  seriesId: z.string().nullable().optional(),
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  service: z.object({
    id: z.string(),
    name: z.string(),
    price: z.string(),
    durationMinutes: z.number().int(),
  }),
  /**
   * Saved from the dashboard outside the online booking rules: which rule, in pt-BR
   * (docs/decisions/009-real-week.md). Only on the create and update answers.
   */
  warning: z.string().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListQuerySchema = pageQuerySchema.extend({
  /** Client or service name, case- and accent-insensitive. */
  search: searchQuerySchema,
  status: z.enum(['all', ...APPOINTMENT_STATUSES], { error: 'Status inválido' }).default('all'),
  period: z.enum(APPOINTMENT_PERIODS, { error: 'Período inválido' }).default('all'),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;
