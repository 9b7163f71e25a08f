// The payments' queries of one day (Caixa do dia); features/payments owns the tables.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
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

/**
 * What the clients still owed at the end of a day: every closing closed on or before it (and not
 * reopened), less its payments not voided made on or before it. Older fiado counts too.
 */
export async function owedAsOf(db: Db, professionalId: string, day: string): Promise<number> {
  const paid = db
    .select({
      closingId: payments.closingId,
      cents: sql<number>`sum(${payments.amountCents})`.as('cents'),
    })
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        lte(payments.paidOn, day),
        isNull(payments.voidedAt),
      ),
    )
    .groupBy(payments.closingId)
    .as('paid');
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(greatest(0, ${closings.totalCents} - coalesce(${paid.cents}, 0))), 0)`,
    })
    .from(closings)
    .leftJoin(paid, eq(paid.closingId, closings.id))
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.status, 'closed'),
        lte(closings.closedOn, day),
      ),
    );
  return Number(row?.cents ?? 0);
}
