import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { moneyTextSchema } from './money';
import { requiredName } from './client-schemas';
import { centsSchema, paymentInputSchema, PAYMENT_METHODS } from './closing-schemas';

/**
 * Packages of sessions (docs/decisions/038-money-received.md): services × N sessions, a price and
 * a validity; sold to a client, used one session per appointment, the balance a ledger the
 * database keeps at or above zero.
 */

export const PACKAGE_NAME_MAX = 100;
export const PACKAGE_SESSIONS_MAX = 100;
export const PACKAGE_VALIDITY_MAX_DAYS = 730;
export const PACKAGE_SERVICES_MAX = 10;

export const PACKAGE_NOT_FOUND_MESSAGE = 'Pacote não encontrado';
export const PACKAGE_NO_SESSIONS_MESSAGE =
  'Este pacote não tem mais sessões disponíveis. A sessão não foi usada.';
export const PACKAGE_EXPIRED_MESSAGE = 'Este pacote venceu. A sessão não foi usada.';
export const PACKAGE_WRONG_SERVICE_MESSAGE = 'Este pacote não inclui o serviço deste agendamento.';
export const PACKAGE_WRONG_CLIENT_MESSAGE = 'Este pacote é de outro cliente.';
export const PACKAGE_ALREADY_USED_MESSAGE = 'Este agendamento já usa uma sessão de pacote.';
export const PACKAGE_APPOINTMENT_CANCELLED_MESSAGE =
  'Um agendamento cancelado ou sem comparecimento não usa sessão de pacote.';
export const PACKAGE_INACTIVE_MESSAGE = 'Este pacote não está mais à venda.';
export const PACKAGE_SALE_OVERPAID_MESSAGE = 'Os pagamentos passam do preço do pacote.';

export const packageInputSchema = z.object({
  name: requiredName(PACKAGE_NAME_MAX),
  serviceIds: z
    .array(z.uuid({ error: 'Serviço inválido' }))
    .min(1, 'Escolha pelo menos um serviço')
    .max(PACKAGE_SERVICES_MAX, `No máximo ${PACKAGE_SERVICES_MAX} serviços`),
  sessions: z
    .number({ error: 'Número de sessões inválido' })
    .int('Número de sessões inválido')
    .min(1, 'Pelo menos 1 sessão')
    .max(PACKAGE_SESSIONS_MAX, `No máximo ${PACKAGE_SESSIONS_MAX} sessões`),
  priceCents: centsSchema,
  validityDays: z
    .number({ error: 'Validade inválida' })
    .int('Validade inválida')
    .min(1, 'Validade de pelo menos 1 dia')
    .max(PACKAGE_VALIDITY_MAX_DAYS, `Validade de no máximo ${PACKAGE_VALIDITY_MAX_DAYS} dias`),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const packageActiveSchema = z.object({ isActive: z.boolean({ error: 'Valor inválido' }) });

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  sessions: z.number().int(),
  priceCents: z.number().int(),
  validityDays: z.number().int(),
  isActive: z.boolean(),
});
export type SessionPackage = z.infer<typeof packageSchema>;

export const packageSaleInputSchema = z.object({
  packageId: z.uuid({ error: 'Pacote inválido' }),
  payments: z.array(paymentInputSchema).max(10, 'No máximo 10 pagamentos'),
});
export type PackageSaleInput = z.infer<typeof packageSaleInputSchema>;

export const clientPackageSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  name: z.string(),
  serviceIds: z.array(z.string()),
  sessionsTotal: z.number().int(),
  sessionsLeft: z.number().int(),
  priceCents: z.number().int(),
  paidCents: z.number().int(),
  soldOn: z.string(),
  /** The last day it can be used, in the professional's zone. */
  expiresOn: z.string(),
  isExpired: z.boolean(),
});
export type ClientPackage = z.infer<typeof clientPackageSchema>;

export const packageSessionInputSchema = z.object({
  clientPackageId: z.uuid({ error: 'Pacote inválido' }),
});

/** What the client's card shows: packages and what is still owed ("fiado"). */
export const clientMoneySchema = z.object({
  packages: z.array(clientPackageSchema),
  owed: z.array(
    z.object({
      closingId: z.string(),
      appointmentId: z.string(),
      closedOn: z.string(),
      owedCents: z.number().int(),
    }),
  ),
  owedCents: z.number().int(),
});
export type ClientMoney = z.infer<typeof clientMoneySchema>;

// ------------------------------------------------------------------ Caixa do dia

export const cashQuerySchema = z.object({
  date: z
    .string({ error: 'Data inválida' })
    .max(10, 'Data inválida')
    .refine(isIsoDate, 'Data inválida'),
});

export const cashDaySchema = z.object({
  date: z.string(),
  /** Pix, dinheiro and cards of the day: closings, later payments and packages sold. */
  receivedCents: z.number().int(),
  methods: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), cents: z.number().int(), count: z.number().int() }),
  ),
  tipsCents: z.number().int(),
  discountsCents: z.number().int(),
  /** Left open by the day's closings and still owed. */
  owedCents: z.number().int(),
  closings: z.number().int(),
  packagesSold: z.object({ count: z.number().int(), cents: z.number().int() }),
  lines: z.array(
    z.object({
      time: z.string(),
      clientName: z.string(),
      description: z.string(),
      method: z.enum(PAYMENT_METHODS),
      amountCents: z.number().int(),
    }),
  ),
});
export type CashDay = z.infer<typeof cashDaySchema>;

/** What the manage page shows the client about her packages. */
export const managePackagesSchema = z.array(
  z.object({
    name: z.string(),
    sessionsLeft: z.number().int(),
    sessionsTotal: z.number().int(),
    expiresOn: z.string(),
  }),
);
export type ManagePackages = z.infer<typeof managePackagesSchema>;

// ------------------------------------------------------------------ the forms (typed in reais)

const wholeNumberText = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number);

/** The package form as typed: sessions and days as digits, the price in reais. */
export const packageFormSchema = z
  .object({
    name: z.string(),
    serviceIds: z.array(z.string()),
    sessions: wholeNumberText('Número de sessões inválido'),
    price: moneyTextSchema('Informe o preço'),
    validityDays: wholeNumberText('Validade inválida'),
  })
  .pipe(
    z
      .object({
        name: z.string(),
        serviceIds: z.array(z.string()),
        sessions: z.number(),
        price: z.number(),
        validityDays: z.number(),
      })
      .transform((form) => ({
        name: form.name,
        serviceIds: form.serviceIds,
        sessions: form.sessions,
        priceCents: form.price,
        validityDays: form.validityDays,
      }))
      .pipe(packageInputSchema),
  );
export type PackageFormValues = z.input<typeof packageFormSchema>;

/** Selling a package, as typed: the package and one or more payments in reais. */
export const packageSaleFormSchema = z.object({
  packageId: z.string().min(1, 'Escolha o pacote'),
  payments: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS).refine((m) => m !== 'deposit' && m !== 'package', {
        message: 'Um pacote é pago com Pix, dinheiro ou cartão.',
      }),
      amount: moneyTextSchema('Informe o valor'),
    }),
  ),
});
export type PackageSaleFormValues = z.input<typeof packageSaleFormSchema>;
