// The payments' figures for Relatórios and the LGPD exports (features/payments owns the tables).
import { CASH_IN_METHODS } from '@agendaki/shared';
import { and, asc, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { closings, payments } from '../../../db/schema';
import type { ClosingRow, PaymentRow } from '../repo';

/** Money in (Pix, dinheiro, cartões) per week starting on Sunday and per method, not voided. */
export async function receivedBetween(
  db: Db,
  professionalId: string,
  range: { from: string; to: string },
): Promise<{ weekStart: string; method: string; cents: number }[]> {
  const weekStart = sql<string>`(${payments.paidOn} - extract(dow from ${payments.paidOn})::int)::text`;
  const rows = await db
    .select({
      weekStart,
      method: payments.method,
      cents: sql<number>`sum(${payments.amountCents})::bigint`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        between(payments.paidOn, range.from, range.to),
        isNull(payments.voidedAt),
        inArray(payments.method, [...CASH_IN_METHODS]),
      ),
    )
    .groupBy(weekStart, payments.method);
  return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
}

export async function paymentsOfAccount(db: Db, professionalId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.professionalId, professionalId))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

export async function paymentsOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.professionalId, professionalId), eq(payments.clientId, clientId)))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

export async function closingsOfAccount(db: Db, professionalId: string): Promise<ClosingRow[]> {
  return db
    .select()
    .from(closings)
    .where(eq(closings.professionalId, professionalId))
    .orderBy(asc(closings.closedAt), asc(closings.id));
}

export async function closingsOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<ClosingRow[]> {
  return db
    .select()
    .from(closings)
    .where(and(eq(closings.professionalId, professionalId), eq(closings.clientId, clientId)))
    .orderBy(asc(closings.closedAt), asc(closings.id));
}

/**
 * Erasure (LGPD): the amounts stay, the professional's own words about the client go (a reopen
 * reason may name her).
 */
export async function blankReopenReasons(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<void> {
  await db
    .update(closings)
    .set({ reopenReason: 'Motivo removido (dados pessoais excluídos)' })
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.clientId, clientId),
        eq(closings.status, 'reopened'),
      ),
    );
}

/** An account deleted: its closings go first (with their payments), so its closed appointments can. */
export async function deleteClosingsOfAccount(db: Db, professionalId: string): Promise<void> {
  await db.delete(closings).where(eq(closings.professionalId, professionalId));
}
