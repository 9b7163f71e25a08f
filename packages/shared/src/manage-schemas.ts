import { z } from 'zod';
import { managePackagesSchema } from './package-schemas';
import { depositChargeSchema } from './pix';
import { manageSeriesSchema } from './series-schemas';
import {
  bookingDateSchema,
  bookingTimeSchema,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
} from './booking-schemas';
import { optionalText } from './text';

/**
 * After the booking (docs/decisions/013-after-the-booking.md): the client's manage link
 * (`/agendamento/<token>`), the professional's settings for it, and the WhatsApp message.
 */

export const MANAGE_LINK_INVALID_MESSAGE = 'Link inválido ou expirado';
export const MANAGE_CUTOFF_PASSED_MESSAGE =
  'O prazo para alterar este agendamento pelo link terminou. Fale com o profissional.';
export const MANAGE_CANCELLED_MESSAGE = 'Este agendamento foi cancelado.';

/** The manage link's path; the token is base64url (43 characters for 256 bits). */
export const MANAGE_PATH_PREFIX = '/agendamento/';
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const MANAGE_STATUSES = ['scheduled', 'confirmed', 'cancelled', 'awaiting_deposit'] as const;
export type ManageStatus = (typeof MANAGE_STATUSES)[number];

export const manageViewSchema = z.object({
  status: z.enum(MANAGE_STATUSES),
  /** The Pix sinal, when the booking has one (docs/decisions/017-pix-sinal.md). */
  deposit: depositChargeSchema.nullable().optional(),
  businessName: z.string(),
  professionalName: z.string(),
  address: z.string().nullable(),
  /** A map search for the address. */
  mapUrl: z.string().nullable(),
  /** `https://wa.me/55…` of the professional, when their phone is a Brazilian mobile. */
  whatsappUrl: z.string().nullable(),
  /** The professional's phone, formatted, to call or type into WhatsApp. */
  phone: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  services: z.array(
    z.object({
      name: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      priceCents: z.number().int(),
    }),
  ),
  totalPriceCents: z.number().int(),
  /** Confirm, cancel and reschedule are open (before the cutoff, not cancelled). */
  canChange: z.boolean(),
  /** "até N horas antes"; 0 = any time before the start. */
  cutoffHours: z.number(),
  /** Today in the professional's zone and the last date a reschedule may pick. */
  today: z.string(),
  lastBookableDate: z.string(),
  /** A horário fixo's occurrence: the series' rule and next dates (issue 46). */
  series: manageSeriesSchema.nullable().optional(),
  /** The client's valid packages with sessions left (docs/decisions/038-money-received.md). */
  packages: managePackagesSchema.optional(),
});
export type ManageView = z.infer<typeof manageViewSchema>;

export const manageSlotsQuerySchema = z.object({ date: bookingDateSchema });

export const manageRescheduleInputSchema = z.object(
  {
    date: bookingDateSchema,
    time: bookingTimeSchema,
    idempotencyKey: z
      .string({ error: 'Requisição inválida. Recarregue a página e tente novamente.' })
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN},${IDEMPOTENCY_KEY_MAX}}$`),
        'Requisição inválida. Recarregue a página e tente novamente.',
      ),
  },
  { error: 'Dados inválidos.' },
);
export type ManageRescheduleInput = z.input<typeof manageRescheduleInputSchema>;

// ------------------------------------------------ Configurações > Agendamento online

export const REMINDER_HOURS_OPTIONS = [0, 2, 24, 48] as const;
export const CANCEL_CUTOFF_MAX_HOURS = 168;
export const WHATSAPP_TEMPLATE_MAX = 1000;
export const ADDRESS_MAX = 300;

export const DEFAULT_WHATSAPP_TEMPLATE =
  'Olá, {cliente}! Lembrando do seu horário em {data} às {hora}: {servicos}. ' +
  'Para confirmar, remarcar ou cancelar: {link}';

export const WHATSAPP_PLACEHOLDERS = [
  '{cliente}',
  '{data}',
  '{hora}',
  '{servicos}',
  '{link}',
] as const;

export const afterBookingSettingsSchema = z.object({
  cancelCutoffHours: z
    .number({ error: 'Prazo inválido' })
    .int('Prazo inválido')
    .min(0, 'Prazo inválido')
    .max(CANCEL_CUTOFF_MAX_HOURS, `O prazo pode ser de até ${CANCEL_CUTOFF_MAX_HOURS} horas`),
  reminderHours: z
    .number({ error: 'Lembrete inválido' })
    .refine(
      (value) => (REMINDER_HOURS_OPTIONS as readonly number[]).includes(value),
      'Lembrete inválido',
    ),
  clientEmailRequired: z.boolean({ error: 'Valor inválido' }),
  /** Bookings hold only after the client types the code e-mailed to them (missing: off). */
  bookingEmailCode: z.boolean({ error: 'Valor inválido' }).default(false),
  /** Empty: the default template. */
  whatsappTemplate: optionalText(WHATSAPP_TEMPLATE_MAX, 'Mensagem muito longa', {
    multiline: true,
  }),
  address: optionalText(ADDRESS_MAX, 'Endereço muito longo'),
});
export type AfterBookingSettingsInput = z.input<typeof afterBookingSettingsSchema>;
export type AfterBookingSettings = z.output<typeof afterBookingSettingsSchema>;

export interface WhatsappValues {
  cliente: string;
  data: string;
  hora: string;
  servicos: string;
  link: string;
}

/** The template with its placeholders filled; unknown braces stay as typed. */
export function fillWhatsappTemplate(template: string | null, values: WhatsappValues): string {
  const text = template && template.trim() ? template : DEFAULT_WHATSAPP_TEMPLATE;
  return text.replace(
    /\{(cliente|data|hora|servicos|link)\}/g,
    (_, key: keyof WhatsappValues) => values[key],
  );
}

/** A map search for an address (opens the maps app on a phone). */
export function mapUrlFor(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

// ------------------------------------------------ WhatsApp in one tap (the dashboard)

export const whatsappReminderSchema = z.object({
  bookingId: z.string(),
  /** `https://wa.me/55…?text=…`; null when the client has no valid Brazilian mobile. */
  url: z.string().nullable(),
  /** Why there is no button ("Sem celular válido"), or null. */
  reason: z.string().nullable(),
  /** The sent mark, kept on the server for this start. */
  sent: z.boolean(),
});
export type WhatsappReminder = z.infer<typeof whatsappReminderSchema>;

export const tomorrowRemindersSchema = z.object({
  date: z.string(),
  items: z.array(
    whatsappReminderSchema.extend({
      appointmentId: z.string(),
      clientName: z.string(),
      startTime: z.string(),
      services: z.string(),
    }),
  ),
});
export type TomorrowReminders = z.infer<typeof tomorrowRemindersSchema>;
