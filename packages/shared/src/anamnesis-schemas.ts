import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { requiredText } from './text';

/**
 * Anamnesis forms ("ficha de anamnese", issue 50): the professional builds them, attaches them
 * to services; the client answers after an explicit consent (LGPD art. 11: health data).
 */

export const FIELD_TYPES = [
  'short_text',
  'long_text',
  'yes_no',
  'one_choice',
  'many_choices',
  'date',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  short_text: 'Texto curto',
  long_text: 'Texto longo',
  yes_no: 'Sim ou não',
  one_choice: 'Uma escolha',
  many_choices: 'Várias escolhas',
  date: 'Data',
};
export const FORM_FIELDS_MAX = 40;
export const FIELD_OPTIONS_MAX = 20;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 2000;

/** What the client reads and accepts before answering (stored with when it was given). */
export const ANAMNESIS_CONSENT_TEXT =
  'Autorizo o uso das minhas respostas desta ficha, que podem conter dados de saúde, somente para o meu atendimento por este profissional (LGPD, art. 11). Posso pedir a exclusão a qualquer momento.';
export const CONSENT_REQUIRED_MESSAGE = 'Para enviar a ficha, aceite o termo de consentimento.';

const label = requiredText({
  max: 200,
  required: 'Escreva a pergunta',
  tooLong: 'Pergunta muito longa',
});
const option = requiredText({ max: 100, required: 'Opção vazia', tooLong: 'Opção muito longa' });

export const formFieldSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]{1,12}$/, 'Campo inválido'),
    label,
    type: z.enum(FIELD_TYPES, { error: 'Tipo de campo inválido' }),
    required: z.boolean({ error: 'Valor inválido' }),
    options: z.array(option).max(FIELD_OPTIONS_MAX, 'Opções demais').default([]),
  })
  .refine(
    (field) =>
      !(field.type === 'one_choice' || field.type === 'many_choices') || field.options.length >= 2,
    { message: 'Uma pergunta de escolha precisa de pelo menos 2 opções', path: ['options'] },
  );
export type FormField = z.output<typeof formFieldSchema>;

/** `POST /api/anamnesis/forms` and `PUT …/:id`: a change makes a new version. */
export const anamnesisFormInputSchema = z
  .object({
    name: requiredText({ max: 100, required: 'Dê um nome à ficha', tooLong: 'Nome muito longo' }),
    fields: z
      .array(formFieldSchema)
      .min(1, 'Adicione pelo menos uma pergunta')
      .max(FORM_FIELDS_MAX, 'Perguntas demais'),
    serviceIds: z.array(z.uuid({ error: 'Serviço inválido' })).max(200, 'Serviços demais'),
  })
  .refine((form) => new Set(form.fields.map((f) => f.id)).size === form.fields.length, {
    message: 'Perguntas repetidas',
    path: ['fields'],
  });
export type AnamnesisFormInput = z.input<typeof anamnesisFormInputSchema>;

export const anamnesisFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  fields: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      type: z.enum(FIELD_TYPES),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
  serviceIds: z.array(z.string()),
  answerCount: z.number().int(),
});
export type AnamnesisForm = z.infer<typeof anamnesisFormSchema>;

/** One answer: text, yes/no, the chosen option(s), or a date (YYYY-MM-DD). */
export const answerValueSchema = z.union([
  z.string().max(LONG_ANSWER_MAX, 'Resposta muito longa'),
  z.boolean(),
  z.array(z.string().max(100)).max(FIELD_OPTIONS_MAX),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** `POST /api/public/manage/:token/anamnesis`: the answers to one version of a form. */
export const anamnesisAnswerInputSchema = z.object({
  formId: z.uuid({ error: 'Ficha inválida' }),
  version: z.number({ error: 'Versão inválida' }).int().min(1).max(100_000),
  consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
  answers: z
    .record(z.string().max(12), answerValueSchema)
    .refine((a) => Object.keys(a).length <= FORM_FIELDS_MAX, 'Respostas demais'),
});
export type AnamnesisAnswerInput = z.input<typeof anamnesisAnswerInputSchema>;

/** The forms a booking asks for, as the client's page shows them. */
export const bookingFormsSchema = z.object({
  consentText: z.string(),
  forms: z.array(
    z.object({
      formId: z.string(),
      version: z.number().int(),
      name: z.string(),
      fields: anamnesisFormSchema.shape.fields,
      answeredAt: z.string().nullable(),
    }),
  ),
});
export type BookingForms = z.infer<typeof bookingFormsSchema>;

/** Answers as the professional reads them: each question of the version answered. */
export const answeredFormSchema = z.object({
  id: z.string(),
  formName: z.string(),
  version: z.number().int(),
  bookingId: z.string(),
  answeredAt: z.string(),
  consentedAt: z.string(),
  items: z.array(z.object({ label: z.string(), answer: z.string() })),
});
export type AnsweredForm = z.infer<typeof answeredFormSchema>;

/**
 * The answers checked against the version's fields: required ones present, each of its type,
 * choices among the options; pt-BR messages. Returns the cleaned answers or an error message.
 */
export function checkAnswers(
  fields: readonly FormField[],
  answers: Record<string, AnswerValue>,
): { answers: Record<string, AnswerValue> } | { error: string } {
  const clean: Record<string, AnswerValue> = {};
  for (const field of fields) {
    const value = answers[field.id] ?? null;
    const isEmpty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (isEmpty) {
      if (field.required) return { error: `Responda: ${field.label}` };
      continue;
    }
    const problem = problemOf(field, value);
    if (problem) return { error: `${field.label}: ${problem}` };
    clean[field.id] = typeof value === 'string' ? value.trim() : value;
  }
  return { answers: clean };
}

function problemOf(field: FormField, value: AnswerValue): string | null {
  switch (field.type) {
    case 'short_text':
      return typeof value === 'string' && value.length <= SHORT_ANSWER_MAX
        ? null
        : 'resposta inválida';
    case 'long_text':
      return typeof value === 'string' ? null : 'resposta inválida';
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'responda sim ou não';
    case 'one_choice':
      return typeof value === 'string' && field.options.includes(value)
        ? null
        : 'escolha uma opção';
    case 'many_choices':
      return Array.isArray(value) && value.every((v) => field.options.includes(v))
        ? null
        : 'escolha entre as opções';
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : 'data inválida';
  }
}

/** An answer as text for the professional ("Sim", "a, b", "25/11/2026"). */
export function answerText(field: FormField, value: AnswerValue | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  if (field.type === 'date') {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return value;
}
