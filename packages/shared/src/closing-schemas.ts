import { z } from 'zod';
import { MONEY_TOO_LARGE_MESSAGE, moneyTextSchema, parseBrlToCents } from './money';

/**
 * "Concluir e receber" (docs/decisions/038-money-received.md): what was done, the discount, the
 * tip and the payments of one appointment, in integer cents. The server computes every total;
 * the page only shows them.
 */

export const PAYMENT_METHODS = ['pix', 'cash', 'debit', 'credit', 'deposit', 'package'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  cash: 'Dinheiro',
  debit: 'Cartão de débito',
  credit: 'Cartão de crédito',
  deposit: 'Sinal já pago',
  package: 'Sessão de pacote',
};

/**
 * Methods that bring money in on the day they are recorded. A sinal came in when it was
 * received, a package session when the package was sold: both settle the bill, neither is new
 * money in the day's cash.
 */
export const CASH_IN_METHODS = ['pix', 'cash', 'debit', 'credit'] as const;
export type CashInMethod = (typeof CASH_IN_METHODS)[number];

export function isCashIn(method: PaymentMethod): method is CashInMethod {
  return (CASH_IN_METHODS as readonly string[]).includes(method);
}

/** R$ 9.999.999,99: more than any one appointment, inside an `integer` column. */
export const MONEY_CENTS_MAX = 999_999_999;
export const CLOSING_ITEMS_MAX = 20;
export const CLOSING_PAYMENTS_MAX = 10;
export const REOPEN_REASON_MAX = 500;

export const CLOSING_NOT_FOUND_MESSAGE = 'Atendimento não encontrado';
export const CLOSING_ALREADY_CLOSED_MESSAGE =
  'Este atendimento já foi concluído. Para alterar, reabra com um motivo.';
export const CLOSING_OVERPAID_MESSAGE = 'Os pagamentos passam do total a receber.';
export const CLOSING_NOT_OPEN_MESSAGE = 'Este atendimento não está concluído.';
export const CLOSING_NOTHING_OWED_MESSAGE = 'Não há valor em aberto neste atendimento.';
export const CLOSING_CANCELLED_MESSAGE =
  'Um agendamento cancelado ou sem comparecimento não pode ser concluído.';
export const DEPOSIT_NOT_RECEIVED_MESSAGE =
  'Este agendamento não tem sinal recebido (ou o valor passa do sinal).';
/** A closed appointment is history: the database refuses its change (decision 038). */
export const APPOINTMENT_CLOSED_MESSAGE =
  'Este atendimento já foi concluído e recebido. Reabra o atendimento antes de alterá-lo, cancelá-lo ou excluí-lo.';
/** A client with money recorded is erased (amounts kept), never deleted with them. */
export const CLIENT_HAS_MONEY_MESSAGE =
  'Este cliente tem pagamentos ou pacotes registrados e não pode ser excluído. Use "Excluir dados pessoais": os dados dele são apagados e os valores ficam na sua contabilidade.';
export const PACKAGE_METHOD_NEEDS_PACKAGE_MESSAGE = 'Escolha o pacote da sessão.';
export const RECEIPT_NO_EMAIL_MESSAGE = 'Este cliente não tem e-mail cadastrado.';

export const centsSchema = z
  .number({ error: 'Valor inválido' })
  .int('Valor inválido: use centavos inteiros')
  .min(0, 'O valor não pode ser negativo')
  .max(MONEY_CENTS_MAX, 'Valor muito alto');

const positiveCents = centsSchema.refine((cents) => cents > 0, 'Informe um valor maior que zero');

export const closingItemInputSchema = z.object({
  serviceId: z.uuid({ error: 'Serviço inválido' }),
  priceCents: centsSchema,
});

export const paymentInputSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida' }),
    /** For a package session the server sets it to the covered service's price. */
    amountCents: positiveCents,
    clientPackageId: z.uuid({ error: 'Pacote inválido' }).nullish(),
  })
  .refine((payment) => payment.method !== 'package' || Boolean(payment.clientPackageId), {
    message: PACKAGE_METHOD_NEEDS_PACKAGE_MESSAGE,
    path: ['clientPackageId'],
  });
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const closingInputSchema = z
  .object({
    items: z
      .array(closingItemInputSchema)
      .min(1, 'Inclua pelo menos um serviço')
      .max(CLOSING_ITEMS_MAX, `No máximo ${CLOSING_ITEMS_MAX} serviços`),
    discountKind: z.enum(DISCOUNT_KINDS, { error: 'Tipo de desconto inválido' }),
    /** Cents for 'amount'; whole percent (0–100) for 'percent'. */
    discountValue: centsSchema,
    tipCents: centsSchema,
    payments: z
      .array(paymentInputSchema)
      .max(CLOSING_PAYMENTS_MAX, `No máximo ${CLOSING_PAYMENTS_MAX} pagamentos`),
  })
  .refine((input) => input.discountKind !== 'percent' || input.discountValue <= 100, {
    message: 'O desconto deve ser de no máximo 100%',
    path: ['discountValue'],
  });
export type ClosingInput = z.infer<typeof closingInputSchema>;

export const reopenInputSchema = z.object({
  reason: z
    .string({ error: 'Informe o motivo' })
    .trim()
    .min(3, 'Informe o motivo (pelo menos 3 letras)')
    .max(REOPEN_REASON_MAX, `Motivo muito longo (máximo ${REOPEN_REASON_MAX} caracteres)`),
});

/** A later payment of what stayed open ("fiado"). */
export const settleInputSchema = z.object({
  method: z.enum(CASH_IN_METHODS, { error: 'Forma de pagamento inválida' }),
  amountCents: positiveCents,
});

export const paymentSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  /** The day it was received, in the professional's zone. */
  paidOn: z.string(),
  clientPackageId: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const closingSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  clientId: z.string(),
  status: z.enum(['closed', 'reopened']),
  closedAt: z.string(),
  closedOn: z.string(),
  items: z.array(
    z.object({ serviceId: z.string().nullable(), serviceName: z.string(), priceCents: z.number() }),
  ),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  discountPercent: z.number().int().nullable(),
  tipCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  owedCents: z.number().int(),
  payments: z.array(paymentSchema),
  reopenReason: z.string().nullable(),
  reopenedAt: z.string().nullable(),
});
export type Closing = z.infer<typeof closingSchema>;

/** What the closing dialog opens with. */
export const closingDraftSchema = z.object({
  current: closingSchema.nullable(),
  history: z.array(closingSchema),
  items: z.array(
    z.object({ serviceId: z.string(), serviceName: z.string(), priceCents: z.number() }),
  ),
  /** The booking's received sinal not yet used by another closing, in cents (0: none). */
  depositCents: z.number().int(),
  /** The client's packages with sessions left that cover one of the services. */
  packages: z.array(
    z.object({
      clientPackageId: z.string(),
      name: z.string(),
      sessionsLeft: z.number().int(),
      expiresOn: z.string(),
      serviceIds: z.array(z.string()),
    }),
  ),
  /** The package whose session this appointment already uses (chosen at booking). */
  usedClientPackageId: z.string().nullable(),
});
export type ClosingDraft = z.infer<typeof closingDraftSchema>;

/** The Agenda card's line: what the closing of each appointment came to. */
export const closingSummarySchema = z.object({
  appointmentId: z.string(),
  closingId: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  owedCents: z.number().int(),
});
export type ClosingSummary = z.infer<typeof closingSummarySchema>;

export const receiptLinkSchema = z.object({
  whatsappUrl: z.string().nullable(),
  reason: z.string().nullable(),
  text: z.string(),
});

/** The discount in cents: a percent rounds half up to the cent. */
export function discountCentsOf(subtotalCents: number, kind: DiscountKind, value: number): number {
  if (kind === 'amount') return Math.min(value, subtotalCents);
  return Math.floor((subtotalCents * Math.min(value, 100) + 50) / 100);
}

// ------------------------------------------------------------------ the forms (typed in reais)

/** A money field that may stay empty (no tip, no discount): empty is zero. */
export function optionalMoneyTextSchema() {
  return z.string().transform((raw, ctx) => {
    if (raw.trim() === '') return 0;
    const result = parseBrlToCents(raw);
    if (result.ok) {
      if (result.cents <= MONEY_CENTS_MAX) return result.cents;
      ctx.addIssue({ code: 'custom', message: MONEY_TOO_LARGE_MESSAGE });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

const requiredMoneyText = (empty: string) =>
  moneyTextSchema(empty).refine((cents) => cents <= MONEY_CENTS_MAX, MONEY_TOO_LARGE_MESSAGE);

/** "Concluir e receber" as typed: reais with a comma, a percent as a whole number. */
export const closingFormSchema = z
  .object({
    items: z
      .array(
        z.object({
          serviceId: z.string().min(1, 'Escolha o serviço'),
          price: requiredMoneyText('Informe o preço'),
        }),
      )
      .min(1, 'Inclua pelo menos um serviço'),
    discountKind: z.enum(DISCOUNT_KINDS),
    discount: z.string(),
    tip: optionalMoneyTextSchema(),
    payments: z.array(
      z.object({
        method: z.enum(PAYMENT_METHODS, { error: 'Escolha a forma de pagamento' }),
        amount: requiredMoneyText('Informe o valor'),
        clientPackageId: z.string(),
      }),
    ),
  })
  .transform((form, ctx): ClosingInput => {
    let discountValue = 0;
    if (form.discount.trim() !== '') {
      if (form.discountKind === 'percent') {
        const percent = Number(form.discount.trim().replace('%', '').trim());
        if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
          ctx.addIssue({
            code: 'custom',
            path: ['discount'],
            message: 'Use um número inteiro de 0 a 100',
          });
        }
        discountValue = percent;
      } else {
        const result = parseBrlToCents(form.discount);
        if (!result.ok)
          ctx.addIssue({ code: 'custom', path: ['discount'], message: result.message });
        else discountValue = result.cents;
      }
    }
    form.payments.forEach((payment, index) => {
      if (payment.method === 'package' && !payment.clientPackageId) {
        ctx.addIssue({
          code: 'custom',
          path: ['payments', index, 'clientPackageId'],
          message: PACKAGE_METHOD_NEEDS_PACKAGE_MESSAGE,
        });
      }
    });
    return {
      items: form.items.map((item) => ({ serviceId: item.serviceId, priceCents: item.price })),
      discountKind: form.discountKind,
      discountValue,
      tipCents: form.tip,
      payments: form.payments.map((p) => ({
        method: p.method,
        amountCents: p.amount,
        clientPackageId: p.method === 'package' ? p.clientPackageId : null,
      })),
    };
  });
export type ClosingFormValues = z.input<typeof closingFormSchema>;

/** "Receber" what stayed open, as typed. */
export const settleFormSchema = z.object({
  method: z.enum(CASH_IN_METHODS, { error: 'Escolha a forma de pagamento' }),
  amount: requiredMoneyText('Informe o valor'),
});
