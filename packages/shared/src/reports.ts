import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { PAYMENT_METHODS } from './closing-schemas';

/**
 * Relatórios (docs/decisions/014-calendar-and-numbers.md): the last 12 weeks up to today in the
 * professional's zone. Revenue counts only appointments neither cancelled nor no-show.
 */
export const REPORT_WEEKS = 12;

export const reportSchema = z.object({
  /** Inclusive ISO dates: the Sunday 11 weeks before this week's, and today. */
  from: z.string(),
  to: z.string(),
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      revenueCents: z.number().int(),
      appointments: z.number().int(),
    }),
  ),
  services: z.array(
    z.object({
      serviceId: z.string(),
      serviceName: z.string(),
      appointments: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
  totals: z.object({
    /** Every appointment of the period, cancelled and no-show included. */
    appointments: z.number().int(),
    kept: z.number().int(),
    cancelled: z.number().int(),
    noShows: z.number().int(),
    revenueCents: z.number().int(),
    /** Shares of all appointments of the period (0–1); null without any. */
    cancellationRate: z.number().nullable(),
    noShowRate: z.number().nullable(),
  }),
  /** Kept appointments by weekday, 0 = domingo … 6 = sábado. */
  weekdays: z.array(z.object({ weekday: z.number().int(), appointments: z.number().int() })),
  /** Kept appointments by start hour (0–23), only hours that had any. */
  hours: z.array(z.object({ hour: z.number().int(), appointments: z.number().int() })),
  /**
   * Money that came in (Pix, dinheiro, cartões: closings, later payments, packages sold) next to
   * the booked revenue (docs/decisions/038-money-received.md), per week of `weeks` and by method.
   */
  received: z.object({
    totalCents: z.number().int(),
    weeks: z.array(z.object({ weekStart: z.string(), receivedCents: z.number().int() })),
    methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), cents: z.number().int() })),
  }),
  /** Sessions sold in valid packages and not yet used: work still owed to clients. */
  unusedSessions: z.object({
    sessions: z.number().int(),
    valueCents: z.number().int(),
    packages: z.number().int(),
  }),
});
export type Report = z.infer<typeof reportSchema>;

export const CSV_PERIOD_MAX_DAYS = 366;
export const INVALID_PERIOD_MESSAGE = 'Período inválido';

/** `?from=&to=` of the CSV export: ISO dates, from ≤ to, at most a year and a day. */
export const csvExportQuerySchema = z
  .object({
    from: z.string({ error: INVALID_PERIOD_MESSAGE }).refine(isIsoDate, INVALID_PERIOD_MESSAGE),
    to: z.string({ error: INVALID_PERIOD_MESSAGE }).refine(isIsoDate, INVALID_PERIOD_MESSAGE),
  })
  .refine((q) => q.from <= q.to, { message: 'A data inicial deve ser antes da final' })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      CSV_PERIOD_MAX_DAYS,
    { message: `Escolha um período de até ${CSV_PERIOD_MAX_DAYS} dias` },
  );
export type CsvExportQuery = z.infer<typeof csvExportQuerySchema>;
