// The payments' queries of one day (Caixa do dia); features/payments owns the tables.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { closings, payments } from '../../../db/schema';
import type { ClosingRow, PaymentRow } from '../repo';

/** Payments of a day, not voided (Caixa do dia). */
export async function paymentsOn(
  db: Db,
  professionalId: string,
  day: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        eq(payments.paidOn, day),
        isNull(payments.voidedAt),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
}

/** Closed closings of a day (Caixa do dia). */
export async function closedOn(db: Db, professionalId: string, day: string): Promise<ClosingRow[]> {
  return db
    .select()
    .from(closings)
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.closedOn, day),
        eq(closings.status, 'closed'),
      ),
    );
}
