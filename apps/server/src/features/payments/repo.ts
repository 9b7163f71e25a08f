import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { closingItems, closings, payments } from '../../db/schema';

export type ClosingRow = typeof closings.$inferSelect;
export type ClosingItemRow = typeof closingItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'voidedAt'>;

export async function insertClosing(
  db: Db,
  values: Omit<typeof closings.$inferInsert, 'id' | 'status' | 'reopenReason' | 'reopenedAt'>,
  items: readonly { serviceId: string; serviceName: string; priceCents: number }[],
): Promise<string> {
  const [row] = await db
    .insert(closings)
    .values({ ...values, status: 'closed' })
    .returning({ id: closings.id });
  await db.insert(closingItems).values(
    items.map((item, position) => ({
      professionalId: values.professionalId,
      closingId: row!.id,
      position,
      ...item,
    })),
  );
  return row!.id;
}

export async function insertPayments(db: Db, rows: readonly NewPayment[]): Promise<void> {
  if (rows.length > 0) await db.insert(payments).values([...rows]);
}

export async function findClosing(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ClosingRow | undefined> {
  const [row] = await db
    .select()
    .from(closings)
    .where(and(eq(closings.professionalId, professionalId), eq(closings.id, id)));
  return row;
}

/** Every closing of the appointment, the current one first, then the reopened newest first. */
export async function closingsOfAppointment(
  db: Db,
  professionalId: string,
  appointmentId: string,
): Promise<ClosingRow[]> {
  return db
    .select()
    .from(closings)
    .where(
      and(eq(closings.professionalId, professionalId), eq(closings.appointmentId, appointmentId)),
    )
    .orderBy(asc(closings.status), desc(closings.closedAt));
}

export async function itemsOf(
  db: Db,
  professionalId: string,
  closingIds: readonly string[],
): Promise<ClosingItemRow[]> {
  if (closingIds.length === 0) return [];
  return db
    .select()
    .from(closingItems)
    .where(
      and(
        eq(closingItems.professionalId, professionalId),
        inArray(closingItems.closingId, [...closingIds]),
      ),
    )
    .orderBy(asc(closingItems.position));
}

export async function paymentsOfClosings(
  db: Db,
  professionalId: string,
  closingIds: readonly string[],
): Promise<PaymentRow[]> {
  if (closingIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        inArray(payments.closingId, [...closingIds]),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
}

/**
 * Reopens a closed closing with its reason and voids its payments; only from 'closed', so two
 * reopenings racing give one. True when this call reopened it.
 */
export async function reopenClosing(
  db: Db,
  professionalId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(closings)
    .set({ status: 'reopened', reopenReason: reason, reopenedAt: now })
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.id, id),
        eq(closings.status, 'closed'),
      ),
    )
    .returning({ id: closings.id });
  if (rows.length === 0) return false;
  await db
    .update(payments)
    .set({ voidedAt: now })
    .where(
      and(
        eq(payments.professionalId, professionalId),
        eq(payments.closingId, id),
        isNull(payments.voidedAt),
      ),
    );
  return true;
}

/** Locks a closed closing for a later payment, so two of them cannot both pay what is owed. */
export async function lockClosedClosing(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ClosingRow | undefined> {
  const [row] = await db
    .select()
    .from(closings)
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.id, id),
        eq(closings.status, 'closed'),
      ),
    )
    .for('update');
  return row;
}

/** What was paid of each closing (payments not voided). */
export async function paidOfClosings(
  db: Db,
  professionalId: string,
  closingIds: readonly string[],
): Promise<Map<string, number>> {
  const paid = new Map<string, number>();
  if (closingIds.length === 0) return paid;
  const rows = await db
    .select({
      closingId: payments.closingId,
      cents: sql<number>`sum(${payments.amountCents})::bigint`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        inArray(payments.closingId, [...closingIds]),
        isNull(payments.voidedAt),
      ),
    )
    .groupBy(payments.closingId);
  for (const row of rows) if (row.closingId) paid.set(row.closingId, Number(row.cents));
  return paid;
}

/** The closed closings of some appointments (the Agenda's cards). */
export async function closedOfAppointments(
  db: Db,
  professionalId: string,
  appointmentIds: readonly string[],
): Promise<ClosingRow[]> {
  if (appointmentIds.length === 0) return [];
  return db
    .select()
    .from(closings)
    .where(
      and(
        eq(closings.professionalId, professionalId),
        inArray(closings.appointmentId, [...appointmentIds]),
        eq(closings.status, 'closed'),
      ),
    );
}

/** A client's closed closings (what is still owed is computed from them). */
export async function closedOfClient(
  db: Db,
  professionalId: string,
  clientId: string,
): Promise<ClosingRow[]> {
  return db
    .select()
    .from(closings)
    .where(
      and(
        eq(closings.professionalId, professionalId),
        eq(closings.clientId, clientId),
        eq(closings.status, 'closed'),
      ),
    )
    .orderBy(desc(closings.closedOn));
}

/** What the sale payments of each package came to. */
export async function paidOfClientPackages(
  db: Db,
  professionalId: string,
  clientPackageIds: readonly string[],
): Promise<Map<string, number>> {
  const paid = new Map<string, number>();
  if (clientPackageIds.length === 0) return paid;
  const rows = await db
    .select({
      id: payments.clientPackageId,
      cents: sql<number>`sum(${payments.amountCents})::bigint`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.professionalId, professionalId),
        eq(payments.kind, 'sale'),
        inArray(payments.clientPackageId, [...clientPackageIds]),
      ),
    )
    .groupBy(payments.clientPackageId);
  for (const row of rows) if (row.id) paid.set(row.id, Number(row.cents));
  return paid;
}

/** The sinal already used by closings of these appointments (payments not voided). */
export async function depositUsedBy(
  db: Db,
  professionalId: string,
  appointmentIds: readonly string[],
): Promise<number> {
  if (appointmentIds.length === 0) return 0;
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
    .from(payments)
    .innerJoin(
      closings,
      and(
        eq(closings.professionalId, payments.professionalId),
        eq(closings.id, payments.closingId),
      ),
    )
    .where(
      and(
        eq(payments.professionalId, professionalId),
        eq(payments.method, 'deposit'),
        isNull(payments.voidedAt),
        inArray(closings.appointmentId, [...appointmentIds]),
      ),
    );
  return Number(row?.cents ?? 0);
}
