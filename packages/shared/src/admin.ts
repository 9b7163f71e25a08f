import { z } from 'zod';
import { INVALID_TEXT_MESSAGE, requiredText } from './text';

/**
 * The operator console (/admin, docs/product.md "The operator's side"): accounts and
 * subscriptions, never a client or an agenda. Weeks and months are counted in this zone.
 */
export const OPERATOR_TIMEZONE = 'America/Sao_Paulo';
export const ADMIN_WEEKS = 12;
export const ADMIN_MONTHS = 12;
export const ADMIN_SEARCH_LIMIT = 50;
export const TRIAL_EXTENSION_MAX_DAYS = 90;

export const ADMIN_FORBIDDEN_MESSAGE = 'Acesso restrito à equipe de operação do Agendaki.';
export const REASON_REQUIRED_MESSAGE = 'Escreva o motivo';
export const REASON_TOO_LONG_MESSAGE = 'Motivo muito longo (máximo 500 caracteres)';
export const TRIAL_DAYS_MESSAGE = `Informe de 1 a ${TRIAL_EXTENSION_MAX_DAYS} dias`;

export const adminSearchSchema = z.object({
  search: z
    .string({ error: INVALID_TEXT_MESSAGE })
    .max(255, 'Busca muito longa')
    .optional()
    .transform((value) => value?.trim() ?? ''),
});

const reason = requiredText({
  max: 500,
  tooLong: REASON_TOO_LONG_MESSAGE,
  required: REASON_REQUIRED_MESSAGE,
  multiline: true,
});

export const adminReasonSchema = z.object({ reason });
export type AdminReasonInput = z.input<typeof adminReasonSchema>;

export const extendTrialSchema = z.object({
  days: z.coerce
    .number({ error: TRIAL_DAYS_MESSAGE })
    .int(TRIAL_DAYS_MESSAGE)
    .min(1, TRIAL_DAYS_MESSAGE)
    .max(TRIAL_EXTENSION_MAX_DAYS, TRIAL_DAYS_MESSAGE),
  reason,
});
export type ExtendTrialInput = z.input<typeof extendTrialSchema>;

export const ACCOUNT_STATES = ['trial', 'expired', 'active', 'cancelled', 'payment_due'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const adminProfessionalSchema = z.object({
  /** The profile's id: the console's handle on the account. */
  id: z.string(),
  email: z.string(),
  professionalName: z.string(),
  businessName: z.string(),
  customLink: z.string(),
  signedUpAt: z.string(),
  emailConfirmed: z.boolean(),
  state: z.enum(ACCOUNT_STATES).nullable(),
  trialDaysLeft: z.number().int(),
  trialEnd: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  appointmentsLast30Days: z.number().int(),
  suspended: z.boolean(),
});
export type AdminProfessional = z.infer<typeof adminProfessionalSchema>;

export const adminProfessionalsResponseSchema = z.object({
  professionals: z.array(adminProfessionalSchema),
});

export const AUDIT_ACTIONS = [
  'resend_confirmation',
  'extend_trial',
  'suspend',
  'reactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorEmail: z.string(),
  subjectEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  detail: z.string().nullable(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

export const adminActionResponseSchema = z.object({
  message: z.string(),
  professional: adminProfessionalSchema,
});

export const adminNumbersSchema = z.object({
  /** Sunday-started weeks, oldest first, in OPERATOR_TIMEZONE. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      trialsStarted: z.number().int(),
      /** Of the trials started that week, those that have paid at least once. */
      converted: z.number().int(),
    }),
  ),
  payingAccounts: z.number().int(),
  /** Paying accounts times the plan's price, in cents of BRL. */
  mrrCents: z.number().int(),
  planPriceCents: z.number().int(),
  /** `yyyy-MM`, oldest first. */
  months: z.array(z.object({ month: z.string(), cancellations: z.number().int() })),
});
export type AdminNumbers = z.infer<typeof adminNumbersSchema>;

/** The state a console row shows, in pt-BR. */
export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  trial: 'Teste grátis',
  expired: 'Teste expirado',
  active: 'Ativa',
  cancelled: 'Cancelada',
  payment_due: 'Pagamento pendente',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  resend_confirmation: 'Reenviou a confirmação de e-mail',
  extend_trial: 'Estendeu o teste grátis',
  suspend: 'Suspendeu a conta',
  reactivate: 'Reativou a conta',
};
