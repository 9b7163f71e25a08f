import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-status';
import { pageQuerySchema, searchQuerySchema } from './client-schemas';
import { isIsoDate } from './iso-date';
import { optionalText } from './text';

export const APPOINTMENT_NOTES_MAX = 1000;
export const APPOINTMENT_PERIODS = ['all', 'today', 'week'] as const;
export type AppointmentPeriod = (typeof APPOINTMENT_PERIODS)[number];
/** docs/product.md section 9: the week filter covers 7 days from today. */
export const WEEK_PERIOD_DAYS = 7;

export const CROSSES_MIDNIGHT_MESSAGE = 'O agendamento deve terminar no mesmo dia';

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
