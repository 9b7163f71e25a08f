import { z } from 'zod';
import { POW_INVALID_MESSAGE, POW_PAYLOAD_MAX } from './booking-gates';
import {
  bookingDateSchema,
  bookingResponseSchema,
  bookingServiceIdsSchema,
  bookingTimeSchema,
  INVALID_LINK_MESSAGE,
  MOBILE_REQUIRED_MESSAGE,
} from './booking-schemas';
import { CLIENT_EMAIL_MAX, CLIENT_NAME_MAX, CLIENT_PHONE_MAX, clientName } from './client-schemas';
import { optionalPhone } from './text';

/**
 * Lista de espera (docs/product.md, "Lista de espera"): a client waits for a time on chosen days
 * and periods; a freed time that fits goes to the first in line, held for them alone.
 */

export const WAITLIST_DATES_MAX = 14;
export const WAITLIST_HOLD_MIN = 5;
export const WAITLIST_HOLD_MAX = 120;
export const WAITLIST_HOLD_DEFAULT = 30;

export const WAITLIST_PERIODS = ['manha', 'tarde', 'noite'] as const;
export type WaitlistPeriod = (typeof WAITLIST_PERIODS)[number];

/** Each period as the start times it takes: [from, to) in HH:mm. */
export const WAITLIST_PERIOD_RANGES: Record<
  WaitlistPeriod,
  { label: string; from: string; to: string }
> = {
  manha: { label: 'Manhã', from: '00:00', to: '12:00' },
  tarde: { label: 'Tarde', from: '12:00', to: '18:00' },
  noite: { label: 'Noite', from: '18:00', to: '24:00' },
};

export const WAITLIST_DATES_MESSAGE = 'Escolha pelo menos um dia';
export const WAITLIST_TOO_MANY_DATES_MESSAGE = `Escolha no máximo ${WAITLIST_DATES_MAX} dias`;
export const WAITLIST_WHEN_MESSAGE = 'Escolha um período ou um intervalo de horário';
export const WAITLIST_RANGE_MESSAGE = 'O fim do intervalo deve ser depois do início';
export const WAITLIST_CONTACT_MESSAGE = 'Informe um telefone ou um e-mail';
export const WAITLIST_OFF_MESSAGE = 'Este profissional não está usando a lista de espera.';
export const WAITLIST_LINK_INVALID_MESSAGE = 'Link inválido ou expirado';
export const WAITLIST_OFFER_GONE_MESSAGE =
  'Esta oferta não está mais disponível. Você continua na lista de espera.';
export const WAITLIST_ALREADY_MESSAGE = 'Você já está na lista de espera para estes dias.';
export const WAITLIST_FULL_MESSAGE =
  'A lista de espera deste profissional está cheia para estes dias. Tente outro dia.';
export const WAITLIST_PAST_MESSAGE = 'Escolha dias a partir de hoje, dentro da agenda aberta.';
export const WAITLIST_TIME_NOT_FREE_MESSAGE =
  'Este horário não está livre para estes serviços. Escolha outro horário.';
export const WAITLIST_NOT_WISHED_MESSAGE =
  'Esta pessoa não pediu este dia ou horário. Ofereça um dos dias e períodos que ela escolheu.';

const isDistinct = (values: readonly string[]) => new Set(values).size === values.length;

const optionalEmail = z
  .string({ error: 'Email inválido' })
  .trim()
  .max(CLIENT_EMAIL_MAX, 'Email muito longo')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, 'Email inválido');

const optionalTime = z
  .string({ error: 'Hora inválida' })
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(bookingTimeSchema.nullable());

/** The wish: services, days, and periods or a time range. */
const wishShape = {
  serviceIds: bookingServiceIdsSchema,
  dates: z
    .array(bookingDateSchema, { error: WAITLIST_DATES_MESSAGE })
    .min(1, WAITLIST_DATES_MESSAGE)
    .max(WAITLIST_DATES_MAX, WAITLIST_TOO_MANY_DATES_MESSAGE)
    .refine(isDistinct, WAITLIST_DATES_MESSAGE),
  periods: z
    .array(z.enum(WAITLIST_PERIODS, { error: WAITLIST_WHEN_MESSAGE }), {
      error: WAITLIST_WHEN_MESSAGE,
    })
    .max(WAITLIST_PERIODS.length, WAITLIST_WHEN_MESSAGE)
    .refine(isDistinct, WAITLIST_WHEN_MESSAGE),
  rangeStart: optionalTime,
  rangeEnd: optionalTime,
};

const contactShape = {
  clientName: clientName(CLIENT_NAME_MAX),
  clientEmail: optionalEmail,
  clientPhone: optionalPhone(CLIENT_PHONE_MAX, 'Telefone muito longo'),
};

type WishLike = {
  periods: readonly string[];
  rangeStart: string | null;
  rangeEnd: string | null;
};

function checkWish(value: WishLike, ctx: z.RefinementCtx) {
  const hasRange = value.rangeStart !== null || value.rangeEnd !== null;
  if (hasRange && (value.rangeStart === null || value.rangeEnd === null)) {
    ctx.addIssue({ code: 'custom', message: WAITLIST_WHEN_MESSAGE, path: ['rangeStart'] });
  } else if (hasRange && value.rangeEnd! <= value.rangeStart!) {
    ctx.addIssue({ code: 'custom', message: WAITLIST_RANGE_MESSAGE, path: ['rangeEnd'] });
  } else if (!hasRange && value.periods.length === 0) {
    ctx.addIssue({ code: 'custom', message: WAITLIST_WHEN_MESSAGE, path: ['periods'] });
  }
}

const BRAZILIAN_MOBILE = /^(?:\+?55)?[1-9][1-9]9\d{8}$/;

/**
 * The join form (the public page's "Entrar na lista de espera"): the same contact rule as a
 * booking: e-mail required, or, when the professional made it optional, a Brazilian mobile.
 */
export function waitlistFormSchemaFor(clientEmailRequired: boolean) {
  return z.object({ ...wishShape, ...contactShape }).superRefine((value, ctx) => {
    checkWish(value, ctx);
    if (clientEmailRequired && value.clientEmail === null) {
      ctx.addIssue({ code: 'custom', message: 'Email inválido', path: ['clientEmail'] });
    }
    if (!clientEmailRequired && !(value.clientPhone && BRAZILIAN_MOBILE.test(value.clientPhone))) {
      ctx.addIssue({ code: 'custom', message: MOBILE_REQUIRED_MESSAGE, path: ['clientPhone'] });
    }
  });
}
export type WaitlistForm = z.input<ReturnType<typeof waitlistFormSchemaFor>>;

/** `POST /api/public/waitlist`: the form, the professional, a key and the solved challenge. */
export const waitlistJoinInputSchema = z
  .object(
    {
      professionalId: z.uuid({ error: INVALID_LINK_MESSAGE }),
      ...wishShape,
      ...contactShape,
      requestKey: z
        .string({ error: 'Requisição inválida. Recarregue a página e tente novamente.' })
        .regex(
          /^[A-Za-z0-9_-]{16,100}$/,
          'Requisição inválida. Recarregue a página e tente novamente.',
        ),
      pow: z
        .string({ error: POW_INVALID_MESSAGE })
        .max(POW_PAYLOAD_MAX, POW_INVALID_MESSAGE)
        .optional(),
    },
    { error: 'Dados inválidos.' },
  )
  .superRefine((value, ctx) => {
    checkWish(value, ctx);
    if (value.clientEmail === null && value.clientPhone === null) {
      ctx.addIssue({ code: 'custom', message: WAITLIST_CONTACT_MESSAGE, path: ['clientEmail'] });
    }
  });
export type WaitlistJoinInput = z.input<typeof waitlistJoinInputSchema>;

export const waitlistJoinResponseSchema = z.object({
  /** The client's page of this wait: the offer, "Sair da lista". Also mailed. */
  entryUrl: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

export const waitlistStatusSchema = z.enum(['waiting', 'booked', 'left', 'expired']);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export const waitlistOfferSchema = z.object({
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  /** ISO instant: until then the time is held. */
  deadline: z.string(),
  /** The deadline as HH:mm in the professional's zone. */
  holdUntil: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

const wishViewShape = {
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  dates: z.array(z.string()),
  periods: z.array(z.enum(WAITLIST_PERIODS)),
  rangeStart: z.string().nullable(),
  rangeEnd: z.string().nullable(),
  status: waitlistStatusSchema,
  offer: waitlistOfferSchema.nullable(),
};

/** `GET /api/public/waitlist/:token`: the client's page. */
export const waitlistEntryViewSchema = z.object({
  businessName: z.string(),
  professionalName: z.string(),
  bookingLink: z.string(),
  clientName: z.string(),
  ...wishViewShape,
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

export const waitlistAcceptResponseSchema = bookingResponseSchema;

export const waitlistPublicSettingsSchema = z.object({ enabled: z.boolean() });

/** Configurações of the list (the professional). */
export const waitlistSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Dados inválidos.' }),
  holdMinutes: z.coerce
    .number({ error: `Entre ${WAITLIST_HOLD_MIN} e ${WAITLIST_HOLD_MAX} minutos` })
    .int(`Entre ${WAITLIST_HOLD_MIN} e ${WAITLIST_HOLD_MAX} minutos`)
    .min(WAITLIST_HOLD_MIN, `Entre ${WAITLIST_HOLD_MIN} e ${WAITLIST_HOLD_MAX} minutos`)
    .max(WAITLIST_HOLD_MAX, `Entre ${WAITLIST_HOLD_MIN} e ${WAITLIST_HOLD_MAX} minutos`),
});
export type WaitlistSettings = z.output<typeof waitlistSettingsSchema>;
export type WaitlistSettingsForm = z.input<typeof waitlistSettingsSchema>;

export const waitlistDayQuerySchema = z.object({ date: bookingDateSchema });

/** One person waiting, as the professional's list shows them. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  position: z.number(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  createdAt: z.string(),
  ...wishViewShape,
  /** The offer's message in one tap (wa.me), when the client gave a mobile. */
  whatsappUrl: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistDaySchema = z.object({
  date: z.string(),
  entries: z.array(waitlistEntrySchema),
});
export type WaitlistDay = z.infer<typeof waitlistDaySchema>;

/** "Oferecer horário": a time of one of the client's days. */
export const waitlistManualOfferSchema = z.object({
  date: bookingDateSchema,
  time: bookingTimeSchema,
});
export type WaitlistManualOffer = z.infer<typeof waitlistManualOfferSchema>;

/** Whether a start time fits the wish (periods or the range, [from, to)). */
export function fitsWish(time: string, wish: WishLike): boolean {
  if (wish.rangeStart !== null && wish.rangeEnd !== null) {
    return time >= wish.rangeStart && time < wish.rangeEnd;
  }
  return wish.periods.some((period) => {
    const range = WAITLIST_PERIOD_RANGES[period as WaitlistPeriod];
    return range !== undefined && time >= range.from && time < range.to;
  });
}

/** The client's page of their place in line: `/lista-de-espera/<token>` (book.html). */
export const WAITLIST_PATH_PREFIX = '/lista-de-espera/';
