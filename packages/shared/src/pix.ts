import { cnpj, cpf } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { DEPOSIT_STATUSES } from './deposit-status';

/**
 * Pix sinal (docs/decisions/017-pix-sinal.md): Configurações > Pagamentos, the deposit a public
 * booking asks for, and what the client sees of it. One schema for the form and the server.
 */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

export const DEPOSIT_MODES = ['off', 'fixed', 'percent'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

export const DEPOSIT_MODE_LABELS: Record<DepositMode, string> = {
  off: 'Sem sinal',
  fixed: 'Valor fixo (R$)',
  percent: 'Porcentagem do total (%)',
};

/** BR Code limits (Manual de Padrões para Iniciação do Pix): merchant name 25, city 15. */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
export const DEPOSIT_WINDOW_MIN = 10;
export const DEPOSIT_WINDOW_MAX = 120;
export const DEPOSIT_WINDOW_DEFAULT = 30;
/** R$ 100.000,00: far above any sinal, below what a static Pix amount field holds. */
export const DEPOSIT_FIXED_MAX_CENTS = 10_000_000;

export const PIX_KEY_INVALID_MESSAGES: Record<PixKeyType, string> = {
  cpf: 'CPF inválido: confira os dígitos',
  cnpj: 'CNPJ inválido: confira os dígitos',
  email: 'E-mail inválido',
  phone: 'Celular inválido: use DDD e número, ex.: (11) 98765-4321',
  random: 'Chave aleatória inválida: deve ser um código como 123e4567-e89b-12d3-a456-426614174000',
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The key as the BR Code carries it: CPF digits, CNPJ characters (the 2026 alphanumeric CNPJ
 * too) without punctuation, e-mail in lower case, the mobile as +55DDNNNNNNNNN, the random key
 * in lower case. Undefined when it is not a valid key of that type.
 */
export function normalizePixKey(type: PixKeyType, raw: string): string | undefined {
  const value = raw.trim();
  switch (type) {
    case 'cpf': {
      const digits = value.replace(/[.\-\s]/g, '');
      return /^\d{11}$/.test(digits) && cpf.isValid(digits) ? digits : undefined;
    }
    case 'cnpj': {
      const chars = value.replace(/[.\-/\s]/g, '').toUpperCase();
      return /^[0-9A-Z]{12}\d{2}$/.test(chars) && cnpj.isValid(chars) ? chars : undefined;
    }
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 77 && EMAIL_PATTERN.test(email) ? email : undefined;
    }
    case 'phone': {
      let digits = value.replace(/[\s().-]/g, '');
      if (digits.startsWith('+55')) digits = digits.slice(3);
      else if (digits.startsWith('+')) return undefined;
      else if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
      // A Brazilian mobile: a DDD (11-99, no zero) and nine digits starting with 9.
      return /^[1-9][1-9]9\d{8}$/.test(digits) ? `+55${digits}` : undefined;
    }
    case 'random': {
      const key = value.toLowerCase();
      return UUID_PATTERN.test(key) ? key : undefined;
    }
  }
}

/** A text as the BR Code may carry it: no accents, only letters, digits and spaces. */
export function toPixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const pixText = (max: number, label: string) =>
  z
    .string({ error: `${label} é obrigatório` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres`)
    .refine((value) => toPixText(value, max).length > 0, `${label} é obrigatório`);

export const paymentSettingsSchema = z
  .object({
    pixKeyType: z.enum(PIX_KEY_TYPES, { error: 'Escolha o tipo da chave Pix' }),
    pixKey: z.string().trim().max(100, 'Chave Pix muito longa'),
    beneficiaryName: pixText(PIX_NAME_MAX, 'Nome do recebedor'),
    beneficiaryCity: pixText(PIX_CITY_MAX, 'Cidade'),
    depositMode: z.enum(DEPOSIT_MODES, { error: 'Escolha como cobrar o sinal' }),
    depositFixedCents: z
      .number({ error: 'Valor inválido' })
      .int('Valor inválido')
      .min(0, 'Valor inválido')
      .max(DEPOSIT_FIXED_MAX_CENTS, 'Valor muito alto'),
    depositPercent: z
      .number({ error: 'Porcentagem inválida' })
      .int('A porcentagem deve ser um número inteiro')
      .min(0, 'A porcentagem deve ser de 1 a 100')
      .max(100, 'A porcentagem deve ser de 1 a 100'),
    windowMinutes: z
      .number({ error: 'Prazo inválido' })
      .int('O prazo deve ser um número inteiro de minutos')
      .min(DEPOSIT_WINDOW_MIN, 'O prazo para pagar deve ser de 10 a 120 minutos')
      .max(DEPOSIT_WINDOW_MAX, 'O prazo para pagar deve ser de 10 a 120 minutos'),
  })
  .superRefine((value, ctx) => {
    if (value.pixKey !== '' || value.depositMode !== 'off') {
      if (!normalizePixKey(value.pixKeyType, value.pixKey)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pixKey'],
          message:
            value.pixKey === ''
              ? 'Informe a chave Pix'
              : PIX_KEY_INVALID_MESSAGES[value.pixKeyType],
        });
      }
    }
    if (value.depositMode === 'fixed' && value.depositFixedCents < 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['depositFixedCents'],
        message: 'O sinal deve ser de pelo menos R$ 1,00',
      });
    }
    if (value.depositMode === 'percent' && value.depositPercent < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['depositPercent'],
        message: 'A porcentagem deve ser de 1 a 100',
      });
    }
  });
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

/** The settings as the server answers them (not yet filled in: empty texts). */
export const paymentSettingsViewSchema = z.object({
  pixKeyType: z.enum(PIX_KEY_TYPES),
  pixKey: z.string(),
  beneficiaryName: z.string(),
  beneficiaryCity: z.string(),
  depositMode: z.enum(DEPOSIT_MODES),
  depositFixedCents: z.number().int(),
  depositPercent: z.number().int(),
  windowMinutes: z.number().int(),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  pixKeyType: 'cpf',
  pixKey: '',
  beneficiaryName: '',
  beneficiaryCity: '',
  depositMode: 'off',
  depositFixedCents: 0,
  depositPercent: 0,
  windowMinutes: DEPOSIT_WINDOW_DEFAULT,
};

/**
 * The sinal a booking of `totalCents` asks for; 0 when none (off, no key, or a free booking).
 * A percentage rounds to the cent; a fixed sinal never exceeds the total.
 */
export function depositAmountCents(settings: PaymentSettings, totalCents: number): number {
  if (settings.depositMode === 'off' || settings.pixKey === '' || totalCents <= 0) return 0;
  if (settings.depositMode === 'fixed') return Math.min(settings.depositFixedCents, totalCents);
  return Math.max(1, Math.round((totalCents * settings.depositPercent) / 100));
}

/** What the client is shown to pay (booking answer, success screen, manage page, e-mail). */
export const depositChargeSchema = z.object({
  status: z.enum(DEPOSIT_STATUSES),
  amountCents: z.number().int(),
  /** "Pix Copia e Cola": the EMV payload with its CRC16. */
  brCode: z.string(),
  /** The same as a QR code, an SVG document drawn by the server. */
  qrSvg: z.string(),
  /** ISO instant: unpaid by then, the booking is cancelled. */
  deadline: z.string(),
  /** The deadline's "HH:MM" in the professional's zone, as the page shows it. */
  deadlineTime: z.string(),
});
export type DepositCharge = z.infer<typeof depositChargeSchema>;

/** A deposit as the professional sees it (Agenda card, dashboard). */
export const depositSummarySchema = z.object({
  bookingId: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  amountCents: z.number().int(),
  deadline: z.string(),
  clientName: z.string(),
  date: z.string(),
  startTime: z.string(),
  confirmedAt: z.string().nullable(),
  source: z.string().nullable(),
});
export type DepositSummary = z.infer<typeof depositSummarySchema>;

export const depositOverviewSchema = z.object({
  pending: z.array(depositSummarySchema),
  /** The last 30 days, by deadline. */
  receivedCount: z.number().int(),
  receivedCents: z.number().int(),
  expiredCount: z.number().int(),
  recent: z.array(depositSummarySchema),
});
export type DepositOverview = z.infer<typeof depositOverviewSchema>;

export const DEPOSIT_EXPIRED_MESSAGE =
  'O prazo deste sinal terminou e o agendamento foi cancelado.';
export const DEPOSIT_CANCELLED_MESSAGE = 'Este agendamento foi cancelado.';
export const DEPOSIT_NOT_FOUND_MESSAGE = 'Sinal não encontrado';
