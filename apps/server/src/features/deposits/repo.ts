import type { DepositStatus, PaymentSettings } from '@agendaki/shared';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits, paymentSettings } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

export async function findSettings(
  db: Db,
  professionalId: string,
): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.professionalId, professionalId));
  return row;
}

export async function upsertSettings(
  db: Db,
  professionalId: string,
  values: PaymentSettings,
  now: Date,
): Promise<void> {
  const row = { ...values, updatedAt: now };
  await db
    .insert(paymentSettings)
    .values({ ...row, professionalId })
    .onConflictDoUpdate({ target: paymentSettings.professionalId, set: row });
}

export async function insertDeposit(
  db: Db,
  values: {
    professionalId: string;
    bookingId: string;
    amountCents: number;
    txid: string;
    brCode: string;
    deadline: Date;
  },
  now: Date,
): Promise<void> {
  await db.insert(deposits).values({ ...values, status: 'pending', createdAt: now });
}

export async function findDeposit(
  db: Db,
  professionalId: string,
  bookingId: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.professionalId, professionalId), eq(deposits.bookingId, bookingId)));
  return row;
}

/**
 * Moves the deposit from 'pending' to `to` if, and only if, it is still pending: the row lock
 * taken by the UPDATE makes a racing second change wait and then find it settled. True when
 * this call changed it.
 */
export async function settlePending(
  db: Db,
  professionalId: string,
  bookingId: string,
  to: Exclude<DepositStatus, 'pending'>,
  source: 'manual' | 'psp' | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deposits)
    .set({ status: to, source, settledAt: now })
    .where(
      and(
        eq(deposits.professionalId, professionalId),
        eq(deposits.bookingId, bookingId),
        eq(deposits.status, 'pending'),
      ),
    )
    .returning({ id: deposits.id });
  return rows.length > 0;
}

/** Pending deposits, and those settled since `since`, newest deadline first. */
export function listDeposits(db: Db, professionalId: string, since: Date) {
  return db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.professionalId, professionalId),
        sql`(${deposits.status} = 'pending' OR ${deposits.deadline} >= ${since.toISOString()})`,
      ),
    )
    .orderBy(desc(deposits.deadline))
    .limit(200);
}

export function listDepositsOfBookings(
  db: Db,
  professionalId: string,
  bookingIds: readonly string[],
) {
  if (bookingIds.length === 0) return Promise.resolve([] as DepositRow[]);
  return db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.professionalId, professionalId),
        inArray(deposits.bookingId, [...bookingIds]),
      ),
    );
}

export function countSince(db: Db, professionalId: string, since: Date) {
  return db
    .select({
      status: deposits.status,
      count: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${deposits.amountCents}), 0)`.mapWith(Number),
    })
    .from(deposits)
    .where(and(eq(deposits.professionalId, professionalId), gte(deposits.deadline, since)))
    .groupBy(deposits.status);
}

/** The deposit of this professional with this txid (a PSP's charge names it). */
export async function findDepositByTxid(
  db: Db,
  professionalId: string,
  txid: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.professionalId, professionalId), eq(deposits.txid, txid)));
  return row;
}

/** Booking ids whose deposit expired (unpaid at its deadline) since `since`. */
export function expiredBookingIds(db: Db, professionalId: string, since: Date) {
  return db
    .select({ bookingId: deposits.bookingId })
    .from(deposits)
    .where(
      and(
        eq(deposits.professionalId, professionalId),
        eq(deposits.status, 'expired'),
        gte(deposits.settledAt, since),
      ),
    );
}
