import { z } from 'zod';
import { requiredText } from './text';

/**
 * Clients who come back (issue 50): the automations' settings, their texts with placeholders,
 * the client's story and the opt-out. One schema for the form and the route.
 */

export const AUTOMATION_TEXT_MAX = 600;
export const RETURN_DAYS_MIN = 1;
export const RETURN_DAYS_MAX = 365;
/** Messages leave only between these local hours (09:00 to 19:59) in the professional's zone. */
export const DECENT_HOURS = { from: 9, to: 20 } as const;
export const MISSING_DAYS = [60, 90, 180] as const;
export type MissingDays = (typeof MISSING_DAYS)[number];

export const AUTOMATION_PLACEHOLDERS = ['{nome}', '{servico}', '{link}'] as const;

export const DEFAULT_AUTOMATION_TEXTS = {
  return:
    'Olá, {nome}! Já faz um tempinho desde o seu último {servico}. Que tal agendar o próximo? {link}',
  birthday:
    'Feliz aniversário, {nome}! Desejamos um dia maravilhoso. Quando quiser se cuidar, é só agendar: {link}',
  review:
    'Olá, {nome}! Obrigada pela visita. Se puder, conte como foi o seu {servico}, leva um minutinho: {link}',
  missing: 'Olá, {nome}! Sentimos sua falta por aqui. Que tal agendar um horário? {link}',
} as const;
export type AutomationKind = keyof typeof DEFAULT_AUTOMATION_TEXTS;

export const AUTOMATION_LABELS: Record<AutomationKind, string> = {
  return: 'Hora de voltar',
  birthday: 'Aniversário',
  review: 'Avaliação',
  missing: 'Clientes sumidas',
};

const automationText = requiredText({
  max: AUTOMATION_TEXT_MAX,
  required: 'Escreva o texto da mensagem',
  tooLong: `O texto pode ter no máximo ${AUTOMATION_TEXT_MAX} caracteres`,
  multiline: true,
});

const returnDays = z
  .number({ error: 'Intervalo inválido' })
  .int('O intervalo deve ser um número inteiro de dias')
  .min(RETURN_DAYS_MIN, 'O intervalo deve ser de pelo menos 1 dia')
  .max(RETURN_DAYS_MAX, 'O intervalo deve ser de no máximo 365 dias');

const reviewUrl = z
  .string({ error: 'Endereço inválido' })
  .trim()
  .max(500, 'Endereço muito longo')
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), {
    message: 'Use um endereço completo começando com https://',
  })
  .refine((value) => value === '' || z.url().safeParse(value).success, 'Endereço inválido')
  .nullish()
  .transform((value) => (value ? value : null));

/** `PUT /api/comeback/settings` and the Mensagens page's form. */
export const automationSettingsInputSchema = z
  .object({
    returnEnabled: z.boolean({ error: 'Valor inválido' }),
    returnText: automationText,
    /** One interval per service; a service left out sends no "hora de voltar". */
    returnIntervals: z
      .array(z.object({ serviceId: z.uuid({ error: 'Serviço inválido' }), days: returnDays }), {
        error: 'Intervalos inválidos',
      })
      .max(200, 'Intervalos demais'),
    reviewEnabled: z.boolean({ error: 'Valor inválido' }),
    reviewText: automationText,
    reviewUrl,
    missingText: automationText,
    birthdayEnabled: z.boolean({ error: 'Valor inválido' }),
    birthdayText: automationText,
    birthdayHour: z
      .number({ error: 'Horário inválido' })
      .int('Horário inválido')
      .min(DECENT_HOURS.from, 'Escolha um horário entre 9h e 19h')
      .max(DECENT_HOURS.to - 1, 'Escolha um horário entre 9h e 19h'),
  })
  .refine((value) => !value.reviewEnabled || value.reviewUrl !== null, {
    message: 'Informe o endereço de avaliação (por exemplo, o do Google)',
    path: ['reviewUrl'],
  });
export type AutomationSettingsInput = z.input<typeof automationSettingsInputSchema>;
export type AutomationSettings = z.output<typeof automationSettingsInputSchema>;

export const automationSettingsSchema = z.object({
  returnEnabled: z.boolean(),
  returnText: z.string(),
  returnIntervals: z.array(z.object({ serviceId: z.string(), days: z.number().int() })),
  reviewEnabled: z.boolean(),
  reviewText: z.string(),
  reviewUrl: z.string().nullable(),
  missingText: z.string(),
  birthdayEnabled: z.boolean(),
  birthdayText: z.string(),
  birthdayHour: z.number().int(),
});

export interface AutomationValues {
  name: string;
  service: string;
  link: string;
}

/**
 * The text with its placeholders filled: the parts the professional typed, and the link apart
 * (`render` passes the typed parts through the mail's own escaping; the preview shows them).
 */
export function fillAutomationText(
  template: string,
  values: AutomationValues,
  render: (typed: string) => string = (typed) => typed,
  renderLink: (link: string) => string = (link) => link,
): string {
  return template
    .split('{link}')
    .map((part) =>
      render(part.replaceAll('{nome}', values.name).replaceAll('{servico}', values.service)),
    )
    .join(renderLink(values.link));
}

/** Where a message's state stands, as the client's story shows it. */
export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'unknown'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: 'Na fila',
  sent: 'Enviada',
  failed: 'Não entregue',
  unknown: 'Sem registro de entrega',
};

export const CONSENT_VIA_LABELS = {
  unsubscribe_link: 'pelo link de descadastro do e-mail',
  professional: 'registrado pela profissional',
  form: 'no formulário',
} as const;
export type ConsentVia = keyof typeof CONSENT_VIA_LABELS;

export const storyItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('appointment'),
    at: z.string(),
    id: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    status: z.string(),
    serviceName: z.string(),
    totalPriceCents: z.number().int(),
    notes: z.string().nullable(),
    /** What was paid, from the appointment's closing (issue 49); null when not closed. */
    closing: z
      .object({
        totalCents: z.number().int(),
        paidCents: z.number().int(),
        owedCents: z.number().int(),
        payments: z.array(z.object({ method: z.string(), amountCents: z.number().int() })),
      })
      .nullable(),
  }),
  z.object({
    kind: z.literal('message'),
    at: z.string(),
    id: z.string(),
    type: z.enum(['return', 'birthday', 'review', 'missing']),
    state: z.enum(MESSAGE_STATES),
    channel: z.enum(['email', 'whatsapp']),
  }),
  z.object({
    kind: z.literal('form'),
    at: z.string(),
    id: z.string(),
    formName: z.string(),
    version: z.number().int(),
    items: z.array(z.object({ label: z.string(), answer: z.string() })),
  }),
  z.object({
    kind: z.literal('consent'),
    at: z.string(),
    id: z.string(),
    purpose: z.enum(['marketing', 'health']),
    granted: z.boolean(),
    via: z.enum(['unsubscribe_link', 'professional', 'form']),
  }),
]);
export type StoryItem = z.infer<typeof storyItemSchema>;

export const clientStorySchema = z.object({
  isOptedOut: z.boolean(),
  /** "dd/mm" or "dd/mm/aaaa" (birthday.ts), for "Aniversário"; null when unknown. */
  birthday: z.string().nullable(),
  items: z.array(storyItemSchema),
});
export type ClientStory = z.infer<typeof clientStorySchema>;

/** `PUT /api/comeback/clients/:id/marketing`: the professional records the client's choice. */
export const marketingChoiceSchema = z.object({
  allowed: z.boolean({ error: 'Valor inválido' }),
});

export const missingQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Período inválido' })
    .refine((value) => (MISSING_DAYS as readonly number[]).includes(value), {
      message: 'Escolha 60, 90 ou 180 dias',
    })
    .transform((value) => value as MissingDays),
});

export const missingClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** An e-mail, or a mobile with WhatsApp on: the one-tap message can go. */
  canMessage: z.boolean(),
  lastVisit: z.string(),
  isOptedOut: z.boolean(),
  messagedToday: z.boolean(),
});
export type MissingClient = z.infer<typeof missingClientSchema>;

/** An unsubscribe token: base64url, as `features/comeback/unsubscribe.ts` writes them. */
export const UNSUBSCRIBE_PATH_PREFIX = '/descadastro/';
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,120}$/;
