import { and, eq, like, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, appSettings, session, user, verification } from '../../db/schema';
import type { ProfileOfUser } from '../profile/types';
import type { BillingOfUser } from '../subscription/types';

export type UserRow = typeof user.$inferSelect;

/** better-auth's tables, handed to its drizzle adapter (better-auth.ts): they are this feature's. */
export const authTables = { user, session, account, verification };

/** better-auth's provider id for e-mail and password accounts. */
const CREDENTIAL_PROVIDER = 'credential';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { id: string; name: string; email: string; now: Date },
): Promise<void> {
  await db.insert(user).values({
    id: values.id,
    name: values.name,
    email: values.email,
    emailVerified: false,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/** The credential account better-auth signs in with: accountId = userId, the password hash. */
export async function insertCredentialAccount(
  db: Db,
  values: { id: string; userId: string; passwordHash: string; now: Date },
): Promise<void> {
  await db.insert(account).values({
    id: values.id,
    accountId: values.userId,
    providerId: CREDENTIAL_PROVIDER,
    userId: values.userId,
    password: values.passwordHash,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

export async function findCredentialPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL_PROVIDER)))
    .limit(1);
  return row?.password ?? null;
}

export async function updateCredentialPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL_PROVIDER)));
}

export async function markEmailVerified(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, userId));
}

/** Stores a token's hash; the user's expired tokens go at the same time, so none pile up. */
export async function insertToken(
  db: Db,
  values: { id: string; identifier: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, values.userId), lte(verification.expiresAt, values.now)));
  await db.insert(verification).values({
    id: values.id,
    identifier: values.identifier,
    value: values.userId,
    expiresAt: values.expiresAt,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/**
 * Uses up a token: deletes it and returns its user when it had not expired. The DELETE makes
 * it single-use even when two requests race with the same link.
 */
export async function consumeToken(
  db: Db,
  identifier: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, identifier))
    .returning({ userId: verification.value, expiresAt: verification.expiresAt });
  return row && row.expiresAt > now ? row.userId : undefined;
}

export async function deleteTokensOfUser(db: Db, purpose: string, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${purpose}:%`)));
}

/** Ends sessions server-side: all of them, or all but the one in use. */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  options: { exceptToken?: string } = {},
): Promise<void> {
  await db
    .delete(session)
    .where(
      options.exceptToken
        ? and(eq(session.userId, userId), ne(session.token, options.exceptToken))
        : eq(session.userId, userId),
    );
}

/**
 * A confirmed user with a credential account, each insert a no-op when the row is there
 * (features/demo's fixed account). Answers whether the user was created now.
 */
export async function insertConfirmedUserUnlessPresent(
  db: Db,
  values: {
    id: string;
    accountId: string;
    name: string;
    email: string;
    passwordHash: string;
    now: Date;
  },
): Promise<boolean> {
  const { now } = values;
  const created = await db
    .insert(user)
    .values({
      id: values.id,
      name: values.name,
      email: values.email,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: user.id });
  if (created.length === 0) return false;
  await db
    .insert(account)
    .values({
      id: values.accountId,
      accountId: values.id,
      providerId: CREDENTIAL_PROVIDER,
      userId: values.id,
      password: values.passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/**
 * The session of a token with its user, and the profile and subscription subqueries written by
 * features/profile and features/subscription (one owner per table, decision 010): what every
 * authenticated request needs, in one statement, prepared once (decision 015).
 */
export function prepareSignedInLookup(
  db: Db,
  joins: { profile: ProfileOfUser; billing: BillingOfUser },
) {
  const { profile, billing } = joins;
  const lookup = db
    .select({
      token: session.token,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      profileId: profile.id,
      timezone: profile.timezone,
      status: billing.status,
      trialEnd: billing.trialEnd,
      currentPeriodEnd: billing.currentPeriodEnd,
      cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profile, eq(profile.userId, session.userId))
    .leftJoin(billing, eq(billing.userId, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('agendaki_signed_in');
  return lookup;
}

// ---------------------------------------------------------------- app_settings (an old auth secret)

const STORED_SECRET_KEY = 'auth_secret';

/**
 * The auth secret an older version kept in the database (server-secret.ts moves it out), locked
 * so that instances starting together move it once.
 */
export async function findStoredSecretForUpdate(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STORED_SECRET_KEY))
    .for('update');
  return row?.value;
}

export async function deleteStoredSecret(db: Db): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, STORED_SECRET_KEY));
}

/** Ends every session (their cookies were signed with a secret that is no longer the server's). */
export async function deleteAllSessions(db: Db): Promise<number> {
  const ended = await db.delete(session).returning({ id: session.id });
  return ended.length;
}

/**
 * "Excluir minha conta" (docs/decisions/012-lgpd.md): the user's tokens, then the user, whose
 * sessions, credential, profile (and everything keyed by it) and subscription go by cascade.
 */
export async function deleteUserCascade(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, userId));
  await db.delete(user).where(eq(user.id, userId));
}
