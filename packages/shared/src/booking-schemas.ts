import { z } from 'zod';
import { depositChargeSchema } from './pix';
import { POW_INVALID_MESSAGE, POW_PAYLOAD_MAX } from './booking-gates';
import { isIsoDate, isIsoMonth } from './iso-date';
import { CLIENT_EMAIL_MAX, CLIENT_NAME_MAX, CLIENT_PHONE_MAX, clientName } from './client-schemas';
import { optionalPhone, optionalText } from './text';

/**
 * Public booking (docs/product.md sections 3, 5 and 7; docs/product.md, "Booking several services"):
 * the schemas the booking page's form and the public API share, with their pt-BR messages.
 */

export const BOOKING_NOTES_MAX = 500;
export const BOOKING_SERVICES_MAX = 10;
export const IDEMPOTENCY_KEY_MIN = 16;
export const IDEMPOTENCY_KEY_MAX = 100;

export const PROFESSIONAL_NOT_FOUND_MESSAGE = 'Profissional não encontrado';
export const INVALID_LINK_MESSAGE = 'Link inválido';
export const SELECT_SERVICE_MESSAGE = 'Selecione pelo menos um serviço';
export const INVALID_SERVICE_MESSAGE = 'Serviço inválido';
export const TOO_MANY_SERVICES_MESSAGE = `Selecione no máximo ${BOOKING_SERVICES_MAX} serviços`;
export const INVALID_DATE_MESSAGE = 'Data inválida';
export const INVALID_MONTH_MESSAGE = 'Mês inválido';
export const INVALID_TIME_MESSAGE = 'Hora inválida';
/** 409 SLOT_UNAVAILABLE: the time is past, or outside the professional's hours for the duration. */
export const SLOT_UNAVAILABLE_MESSAGE =
  'Este horário não está mais disponível. Escolha outro horário.';
/** 409 SLOT_TAKEN: another appointment holds the time (the database's no-overlap constraint). */
export const SLOT_TAKEN_MESSAGE = 'Este horário acabou de ser reservado. Escolha outro horário.';
/** 422 IDEMPOTENCY_KEY_REUSED: the page's key came back with another time, services or client. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Esta chave de idempotência já foi usada com outro pedido. Recarregue a página e tente novamente.';

const isDistinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

/** The selected services, in the order they are booked (1 to 10, no repeats). */
export const bookingServiceIdsSchema = z
  .array(z.uuid({ error: INVALID_SERVICE_MESSAGE }), { error: SELECT_SERVICE_MESSAGE })
  .min(1, SELECT_SERVICE_MESSAGE)
  .max(BOOKING_SERVICES_MAX, TOO_MANY_SERVICES_MESSAGE)
  .refine(isDistinct, INVALID_SERVICE_MESSAGE);

export const bookingDateSchema = z
  .string({ error: INVALID_DATE_MESSAGE })
  .refine(isIsoDate, INVALID_DATE_MESSAGE);

export const bookingTimeSchema = z
  .string({ error: INVALID_TIME_MESSAGE })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, INVALID_TIME_MESSAGE);

/**
 * The "Confirmar Agendamento" dialog (docs/product.md section 5, public booking): name required, e-mail
 * required and valid, phone and notes optional. Only the first failing rule is shown.
 */
export const bookingContactSchema = z.object({
  clientName: clientName(CLIENT_NAME_MAX),
  clientEmail: z
    .string({ error: 'Email inválido' })
    .trim()
    .max(CLIENT_EMAIL_MAX, 'Email muito longo')
    .refine((value) => z.email().safeParse(value).success, 'Email inválido'),
  clientPhone: optionalPhone(CLIENT_PHONE_MAX, 'Telefone muito longo'),
  notes: optionalText(BOOKING_NOTES_MAX, 'Observações muito longas', { multiline: true }),
});
export type BookingContact = z.input<typeof bookingContactSchema>;

/** Phone-first clients (docs/decisions/013-after-the-booking.md): the mobile they must give. */
export const MOBILE_REQUIRED_MESSAGE = 'Informe um celular com DDD, ex.: (11) 98765-4321';

/** An e-mail that may be left empty ('' and null become null). */
const optionalEmail = z
  .string({ error: 'Email inválido' })
  .trim()
  .max(CLIENT_EMAIL_MAX, 'Email muito longo')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, 'Email inválido');

/** DDD + 9 + 8 digits, with or without +55: the form's check; the server's is libphonenumber-js. */
const BRAZILIAN_MOBILE = /^(?:\+?55)?[1-9][1-9]9\d{8}$/;

/**
 * The dialog when the professional made the e-mail optional: name and a Brazilian mobile are
 * required, the e-mail optional.
 */
export const phoneFirstContactSchema = bookingContactSchema.extend({
  clientEmail: optionalEmail,
  clientPhone: optionalPhone(CLIENT_PHONE_MAX, 'Telefone muito longo').refine(
    (value) => value !== null && BRAZILIAN_MOBILE.test(value),
    MOBILE_REQUIRED_MESSAGE,
  ),
});

export function bookingContactSchemaFor(clientEmailRequired: boolean) {
  return clientEmailRequired ? bookingContactSchema : phoneFirstContactSchema;
}

/**
 * `POST /api/public/bookings`. `idempotencyKey` is made by the page once per confirmation
 * attempt (a UUID); sending it again returns the first answer and books nothing new.
 */
export const bookingInputSchema = z.object(
  {
    professionalId: z.string({ error: INVALID_LINK_MESSAGE }).min(1, INVALID_LINK_MESSAGE),
    serviceIds: bookingServiceIdsSchema,
    date: bookingDateSchema,
    time: bookingTimeSchema,
    ...bookingContactSchema.shape,
    // Required or not by the professional's setting: the server decides (features/booking).
    clientEmail: optionalEmail,
    idempotencyKey: z
      .string({ error: 'Requisição inválida. Recarregue a página e tente novamente.' })
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN},${IDEMPOTENCY_KEY_MAX}}$`),
        'Requisição inválida. Recarregue a página e tente novamente.',
      ),
    /** The solved proof of work (booking-gates.ts); missing or wrong: refused by the server. */
    pow: z
      .string({ error: POW_INVALID_MESSAGE })
      .max(POW_PAYLOAD_MAX, POW_INVALID_MESSAGE)
      .optional(),
  },
  { error: 'Dados inválidos.' },
);
export type BookingInput = z.input<typeof bookingInputSchema>;

/** `GET /api/public/professionals/:identifier/slots?date=YYYY-MM-DD&serviceIds=<uuid>,<uuid>` */
export const bookingSlotsQuerySchema = z.object({
  date: bookingDateSchema,
  serviceIds: z
    .string({ error: SELECT_SERVICE_MESSAGE })
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(bookingServiceIdsSchema),
});
export type BookingSlotsQuery = z.input<typeof bookingSlotsQuerySchema>;

export const bookingSlotsResponseSchema = z.object({
  date: z.string(),
  /** "HH:MM" start times, sorted. */
  slots: z.array(z.string()),
});
export type BookingSlotsResponse = z.infer<typeof bookingSlotsResponseSchema>;

/** `GET …/days`: the dates of a month that offer at least one start for the selection. */
export const bookingDaysQuerySchema = z.object({
  month: z.string({ error: INVALID_MONTH_MESSAGE }).refine(isIsoMonth, INVALID_MONTH_MESSAGE),
  serviceIds: bookingSlotsQuerySchema.shape.serviceIds,
});
export type BookingDaysQuery = z.input<typeof bookingDaysQuerySchema>;

export const bookingDaysResponseSchema = z.object({
  month: z.string(),
  days: z.array(z.string()),
});
export type BookingDaysResponse = z.infer<typeof bookingDaysResponseSchema>;

/** What the public sees of a professional: no e-mail, phone or user id. */
export const publicProfileSchema = z.object({
  id: z.string(),
  professionalName: z.string(),
  businessName: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  customLink: z.string(),
  timezone: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Decimal string with two places: "49.90". */
  price: z.string(),
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  imageUrl: z.string().nullable(),
  /** What the service card shows (a 192 px square); null for older photos: use imageUrl. */
  thumbnailUrl: z.string().nullable(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

/**
 * `GET /api/public/professionals/:identifier`, also embedded in the page's HTML as
 * `<script id="agendaki-data" type="application/json">`.
 */
export const publicProfessionalResponseSchema = z.object({
  profile: publicProfileSchema,
  /** Active services, by name. */
  services: z.array(publicServiceSchema),
  /** Weekdays (0 = Sunday … 6) with at least one active window: the calendar disables the rest. */
  openWeekdays: z.array(z.number().int()),
  /** Today in the professional's time zone: earlier days are disabled. */
  today: z.string(),
  /** "Agenda online pausada no momento": nothing can be booked (docs/decisions/009-real-week.md). */
  bookingPaused: z.boolean(),
  /** The professional's phone, shown with the pause message; only then (null otherwise). */
  whatsapp: z.string().nullable(),
  /** The last date within the booking horizon. */
  lastBookableDate: z.string(),
  /** False: phone-first, the e-mail is optional and a mobile required (missing: true). */
  clientEmailRequired: z.boolean().optional(),
  /** True: the client confirms a code sent to their e-mail before the time is held (then required). */
  bookingEmailCode: z.boolean().optional(),
  /** The business address, with a map link (docs/decisions/013-after-the-booking.md). */
  address: z.string().nullable().optional(),
});
export type PublicProfessionalResponse = z.infer<typeof publicProfessionalResponseSchema>;

export const PUBLIC_DATA_ELEMENT_ID = 'agendaki-data';
/**
 * The class names the server's render of the page merged, `{ "<joined>": "<merged>" }`, in a
 * `<script type="application/json">` of that id: the browser hydrates without merging them again.
 */
export const PUBLIC_CLASS_NAMES_ELEMENT_ID = 'agendaki-class-names';

export const bookedAppointmentSchema = z.object({
  id: z.string(),
  serviceName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  priceCents: z.number().int(),
});
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;

export const bookingResponseSchema = z.object({
  bookingId: z.string(),
  date: z.string(),
  time: z.string(),
  /** One per service, consecutive, in the order the services were sent. */
  appointments: z.array(bookedAppointmentSchema),
  totalPriceCents: z.number().int(),
  /** The client's manage link (`/agendamento/<token>`); never stored, computed again per answer. */
  manageUrl: z.string().optional(),
  /** The Pix sinal to pay, when the professional asks for one (docs/decisions/017-pix-sinal.md). */
  deposit: depositChargeSchema.nullable().optional(),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;
