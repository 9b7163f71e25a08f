// The payments in Relatórios and in the LGPD exports (docs/decisions/038-money-received.md).
import { type PaymentMethod } from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { ClosingRow, PaymentRow } from './repo';
import * as figures from './repo/figures';

export interface ReceivedFigures {
  /** Week start (Sunday, ISO date) → cents received. */
  weeks: Map<string, number>;
  methods: { method: PaymentMethod; cents: number }[];
  totalCents: number;
}

/** Money in (Pix, dinheiro, cartões) of the dates [from, to], by week and by method. */
export async function receivedFigures(
  { db }: { db: Db },
  professionalId: string,
  range: { from: string; to: string },
): Promise<ReceivedFigures> {
  const rows = await figures.receivedBetween(db, professionalId, range);
  const weeks = new Map<string, number>();
  const methods = new Map<PaymentMethod, number>();
  let totalCents = 0;
  for (const row of rows) {
    weeks.set(row.weekStart, (weeks.get(row.weekStart) ?? 0) + row.cents);
    const method = row.method as PaymentMethod;
    methods.set(method, (methods.get(method) ?? 0) + row.cents);
    totalCents += row.cents;
  }
  return {
    weeks,
    methods: [...methods].map(([method, cents]) => ({ method, cents })),
    totalCents,
  };
}

export interface PaymentsExport {
  closings: ClosingRow[];
  payments: PaymentRow[];
}

export async function clientPaymentsExport(
  { db }: { db: Db },
  professionalId: string,
  clientId: string,
): Promise<PaymentsExport> {
  return {
    closings: await figures.closingsOfClient(db, professionalId, clientId),
    payments: await figures.paymentsOfClient(db, professionalId, clientId),
  };
}

export async function accountPaymentsExport(
  { db }: { db: Db },
  professionalId: string,
): Promise<PaymentsExport> {
  return {
    closings: await figures.closingsOfAccount(db, professionalId),
    payments: await figures.paymentsOfAccount(db, professionalId),
  };
}

/** Erasure keeps every amount; only the words about the client go (docs/decisions/012-lgpd.md). */
export function eraseClientPayments({ db }: { db: Db }, professionalId: string, clientId: string) {
  return figures.blankReopenReasons(db, professionalId, clientId);
}

/**
 * An account deleted: every closing (and its payments) before the appointments, which the
 * database keeps while one of them is closed (drizzle/0035).
 */
export function deleteAllClosings({ db }: { db: Db }, professionalId: string): Promise<void> {
  return figures.deleteClosingsOfAccount(db, professionalId);
}
