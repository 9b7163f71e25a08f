import { z } from 'zod';
import { isIsoDate } from './iso-date';

/**
 * Horário fixo (issue 46): a rule that makes ordinary appointments (docs/product.md, Horário
 * fixo). Every occurrence is an appointment of its own; the series keeps the rule.
 */

/** Occurrences are made this far ahead; an hourly job extends them (features/series/job.ts). */
export const SERIES_HORIZON_DAYS = 90;
/** A series ends at most this far after today. */
export const SERIES_MAX_DAYS = 365;
export const SERIES_MAX_COUNT = 53;
export const SERIES_MAX_SERVICES = 5;
export const SERIES_FREQUENCIES = ['weekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const SERIES_SCOPES = ['one', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export const SERIES_TOO_FAR_MESSAGE = 'O horário fixo pode ir no máximo até um ano à frente.';
export const SERIES_NOT_FOUND_MESSAGE = 'Horário fixo não encontrado';
export const SERIES_NOTHING_KEPT_MESSAGE = 'Nenhuma data ficou na série. Mantenha ao menos uma.';
export const SERIES_OCCURRENCE_NOT_FOUND_MESSAGE = 'Data não encontrada neste horário fixo';
export const SERIES_PAST_OCCURRENCE_MESSAGE =
  'Esta data já passou: o horário e o preço dela não mudam mais.';

const date = (message: string) => z.string({ error: message }).refine(isIsoDate, message);
const time = (message: string) =>
  z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

const seriesEndSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('until'), until: date('Data final inválida') }),
    z.object({
      kind: z.literal('count'),
      count: z
        .number({ error: 'Número de vezes inválido' })
        .int('Número de vezes inválido')
        .min(1, 'Pelo menos 1 vez')
        .max(SERIES_MAX_COUNT, `No máximo ${SERIES_MAX_COUNT} vezes`),
    }),
  ],
  { error: 'Informe até quando' },
);

/** A date of the rule the professional moved in the preview. */
export const seriesMoveSchema = z.object({
  date: date('Data inválida'),
  toDate: date('Nova data inválida'),
  toStartTime: time('Novo horário inválido'),
});

/** `POST /api/series/preview` and `POST /api/series`. */
export const seriesInputSchema = z.object({
  clientId: z.uuid({ error: 'Cliente inválido' }),
  serviceIds: z
    .array(z.uuid({ error: 'Serviço inválido' }), { error: 'Escolha ao menos um serviço' })
    .min(1, 'Escolha ao menos um serviço')
    .max(SERIES_MAX_SERVICES, `No máximo ${SERIES_MAX_SERVICES} serviços`),
  /** The first date: its weekday is the series' weekday (monthly: its nth weekday). */
  startDate: date('Data inválida'),
  startTime: time('Hora inválida'),
  frequency: z.enum(SERIES_FREQUENCIES, { error: 'Repetição inválida' }),
  /** Weeks between occurrences (1 to 4); monthly series take 1. */
  interval: z
    .number({ error: 'Repetição inválida' })
    .int('Repetição inválida')
    .min(1, 'Repetição inválida')
    .max(4, 'Repetição inválida'),
  end: seriesEndSchema,
  /** Dates of the rule left out, and dates moved, as the preview showed them. */
  skips: z.array(date('Data inválida')).max(SERIES_MAX_COUNT, 'Datas demais').default([]),
  moves: z.array(seriesMoveSchema).max(SERIES_MAX_COUNT, 'Datas demais').default([]),
});
export type SeriesInput = z.input<typeof seriesInputSchema>;

export const SERIES_PROBLEMS = [
  'past',
  'holiday',
  'closed_date',
  'exception_hours',
  'time_off',
  'block',
  'appointment',
  'crosses_midnight',
] as const;
export type SeriesProblem = (typeof SERIES_PROBLEMS)[number];

export const seriesPreviewItemSchema = z.object({
  /** The rule's date (the key of a skip or a move). */
  date: z.string(),
  /** Where it happens: the rule's date, or where the professional moved it. */
  appointmentDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  moved: z.boolean(),
  problem: z.enum(SERIES_PROBLEMS).nullable(),
  /** Why it cannot happen, in pt-BR ("Feriado: Corpus Christi"). */
  reason: z.string().nullable(),
});
export type SeriesPreviewItem = z.infer<typeof seriesPreviewItemSchema>;

export const seriesPreviewSchema = z.object({
  items: z.array(seriesPreviewItemSchema),
  /** A rule the dashboard may break, for every date (outside the weekly hours). */
  warning: z.string().nullable(),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

export const seriesDateNoteSchema = z.object({
  date: z.string(),
  kind: z.enum(['skip', 'move', 'impossible']),
  reason: z.string().nullable(),
});

export const seriesSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  frequency: z.enum(SERIES_FREQUENCIES),
  interval: z.number().int(),
  startDate: z.string(),
  startTime: z.string(),
  untilDate: z.string(),
  /** "Toda semana às 09:00, às terças" and the like, in pt-BR. */
  label: z.string(),
  services: z.array(z.object({ serviceId: z.string(), name: z.string(), priceCents: z.number() })),
  active: z.boolean(),
  /** Made up to here; the job extends it. */
  generatedUntil: z.string(),
  occurrences: z.array(
    z.object({
      bookingId: z.string(),
      appointmentDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      status: z.string(),
      totalPriceCents: z.number().int(),
    }),
  ),
  /** Dates not made: skipped in the preview, or found impossible when the job reached them. */
  notes: z.array(seriesDateNoteSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/** `POST /api/series/:id/change`: from one occurrence, with a scope. */
export const seriesChangeSchema = z
  .object({
    bookingId: z.uuid({ error: 'Data inválida' }),
    scope: z.enum(SERIES_SCOPES, { error: 'Escolha a quais datas aplicar' }),
    action: z.enum(['cancel', 'update'], { error: 'Ação inválida' }),
    /** Só este only: another date. */
    appointmentDate: date('Data inválida').optional(),
    startTime: time('Hora inválida').optional(),
    /** Per service of the series, in its order, in cents. */
    pricesCents: z
      .array(
        z
          .number({ error: 'Valor inválido' })
          .int('Valor inválido')
          .min(0, 'O valor não pode ser negativo')
          .max(99_999_999, 'Valor muito alto'),
      )
      .max(SERIES_MAX_SERVICES, 'Valores demais')
      .optional(),
  })
  .refine((v) => v.scope === 'one' || v.appointmentDate === undefined, {
    message: 'Só é possível mudar a data de uma ocorrência por vez',
    path: ['appointmentDate'],
  });
export type SeriesChange = z.input<typeof seriesChangeSchema>;

export const seriesChangeResultSchema = z.object({ changed: z.number().int() });

/** The manage link of an occurrence: the series' next dates and the skip. */
export const manageSeriesSchema = z.object({
  label: z.string(),
  /** Every week: the skip reads "Pular esta semana"; else "Pular esta data". */
  isWeekly: z.boolean(),
  next: z.array(
    z.object({
      bookingId: z.string(),
      date: z.string(),
      startTime: z.string(),
      status: z.string(),
      canSkip: z.boolean(),
    }),
  ),
});
export type ManageSeries = z.infer<typeof manageSeriesSchema>;

export const manageSkipInputSchema = z.object({
  bookingId: z.uuid({ error: 'Data inválida' }).optional(),
});
