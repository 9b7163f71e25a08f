import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorAuditLog, operators } from '../../db/schema';
import type { AccountsOf } from '../auth/types';
import type { AccountProfilesOf } from '../profile/types';
import type { SubscriptionsOf } from '../subscription/types';

/** Other features' subqueries this feature joins (decision 010: it owns none of their tables). */
export interface AccountSources {
  accounts: AccountsOf;
  profiles: AccountProfilesOf;
  subscriptions: SubscriptionsOf;
  /** Appointments made since a date by the professional in the given column, as a count. */
  recentAppointments(professionalId: AnyColumn): SQL<number>;
}

// ---------------------------------------------------------------- operators

export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(eq(operators.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** True when the role was granted now (false: it was already there). */
export async function insertOperator(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(operators)
    .values({ userId, grantedAt: now })
    .onConflictDoNothing()
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function deleteOperator(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(operators)
    .where(eq(operators.userId, userId))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- accounts

/** `%text%` for ILIKE with the pattern's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The accounts as the console lists them: no client, no appointment, only their count. */
export async function findAccounts(
  db: Db,
  sources: AccountSources,
  filter: { search?: string; profileId?: string; limit: number },
) {
  const { accounts, profiles, subscriptions } = sources;
  const conditions: SQL[] = [];
  if (filter.profileId) conditions.push(eq(profiles.id, filter.profileId));
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      or(
        ilike(accounts.email, pattern),
        ilike(profiles.professionalName, pattern),
        ilike(profiles.businessName, pattern),
        ilike(profiles.customLink, pattern),
      )!,
    );
  }
  return db
    .select({
      userId: accounts.userId,
      email: accounts.email,
      emailVerified: accounts.emailVerified,
      signedUpAt: accounts.signedUpAt,
      lastSignInAt: accounts.lastSignInAt,
      profileId: profiles.id,
      professionalName: profiles.professionalName,
      businessName: profiles.businessName,
      customLink: profiles.customLink,
      suspendedAt: profiles.suspendedAt,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      appointments: sources.recentAppointments(profiles.id),
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.userId, accounts.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, accounts.userId))
    .where(and(...conditions))
    .orderBy(desc(accounts.signedUpAt), profiles.id)
    .limit(filter.limit);
}

export type AccountRow = Awaited<ReturnType<typeof findAccounts>>[number];

// ---------------------------------------------------------------- audit log

export interface AuditValues {
  operatorUserId: string;
  operatorEmail: string;
  subjectUserId: string;
  subjectEmail: string;
  action: 'resend_confirmation' | 'extend_trial' | 'suspend' | 'reactivate';
  detail: string | null;
  reason: string;
  createdAt: Date;
}

export async function insertAudit(db: Db, values: AuditValues): Promise<void> {
  await db.insert(operatorAuditLog).values(values);
}

/** The e-mail of a deleted account replaced by `placeholder`, where it acted and was acted on. */
export async function replaceAuditEmails(
  db: Db,
  userId: string,
  placeholder: string,
): Promise<void> {
  await db
    .update(operatorAuditLog)
    .set({ subjectEmail: placeholder })
    .where(eq(operatorAuditLog.subjectUserId, userId));
  await db
    .update(operatorAuditLog)
    .set({ operatorEmail: placeholder })
    .where(eq(operatorAuditLog.operatorUserId, userId));
}

export async function listAudit(db: Db, limit: number) {
  return db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.id)).limit(limit);
}

// ---------------------------------------------------------------- numbers

/** An instant as a parameter both drivers read the same way. */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Trials started per day (in `zone`) since `since`, and how many of them have paid. */
export async function countTrialsByDay(
  db: Db,
  subscriptions: SubscriptionsOf,
  since: Date,
  zone: string,
) {
  const day = sql<string>`to_char(${subscriptions.startedAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({
        day,
        started: sql<number>`count(*)`.mapWith(Number),
        converted:
          sql<number>`count(*) FILTER (WHERE ${subscriptions.currentPeriodEnd} IS NOT NULL)`.mapWith(
            Number,
          ),
      })
      .from(subscriptions)
      .where(sql`${subscriptions.startedAt} >= ${at(since)}`)
      // By position: the zone is a parameter, and PostgreSQL does not match $1 with $2.
      .groupBy(sql`1`)
  );
}

/** Paying now: active, and not cancelled at a period end already past. */
export async function countPaying(db: Db, subscriptions: SubscriptionsOf, now: Date) {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(
      sql`${subscriptions.status} = 'active' AND NOT (${subscriptions.cancelAtPeriodEnd} AND ${subscriptions.currentPeriodEnd} <= ${at(now)})`,
    );
  return row?.value ?? 0;
}

/**
 * Subscriptions that ended per month (in `zone`) since `since`: cancelled by the provider (when
 * it told us), or cancelled at a period end that has passed (that end).
 */
export async function countCancellationsByMonth(
  db: Db,
  subscriptions: SubscriptionsOf,
  range: { since: Date; now: Date; zone: string },
) {
  const endedAt = sql`CASE
    WHEN ${subscriptions.status} = 'canceled' THEN ${subscriptions.changedAt}
    WHEN ${subscriptions.status} = 'active' AND ${subscriptions.cancelAtPeriodEnd}
      AND ${subscriptions.currentPeriodEnd} <= ${at(range.now)} THEN ${subscriptions.currentPeriodEnd}
  END`;
  const month = sql<string>`to_char((${endedAt}) AT TIME ZONE ${range.zone}, 'YYYY-MM')`;
  return db
    .select({ month, cancellations: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(sql`(${endedAt}) >= ${at(range.since)}`)
    .groupBy(sql`1`);
}
