import { DEFAULT_TIMEZONE } from '@agendaki/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, profiles, subscriptions, user } from '../../db/schema';
import {
  DEMO_ACCOUNT_ID,
  DEMO_EMAIL,
  DEMO_LINK,
  DEMO_LOCK_KEY,
  DEMO_PROFILE,
  DEMO_USER_ID,
} from './data';

/**
 * The demo's account rows. Sign-up (features/auth) makes real accounts with a trial and a
 * confirmation mail; the demo needs none of that, so it writes its fixed rows here, each
 * insert a no-op when the row is already there.
 */

/** Held until the seeding transaction ends: two instances starting together take turns. */
export async function lockDemoSeeding(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
}

export async function findDemoProfile(db: Db) {
  const [row] = await db
    .select({ id: profiles.id, timezone: profiles.timezone })
    .from(profiles)
    .where(eq(profiles.userId, DEMO_USER_ID))
    .limit(1);
  return row;
}

/** A confirmed user whose credential holds the hash of a password nobody knows. */
export async function insertDemoUser(db: Db, passwordHash: string, now: Date): Promise<boolean> {
  const created = await db
    .insert(user)
    .values({
      id: DEMO_USER_ID,
      name: DEMO_PROFILE.professionalName,
      email: DEMO_EMAIL,
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
      id: DEMO_ACCOUNT_ID,
      accountId: DEMO_USER_ID,
      providerId: 'credential',
      userId: DEMO_USER_ID,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/** The profile at /book/demo; nothing when another professional already took that link. */
export async function insertDemoProfile(db: Db, now: Date): Promise<void> {
  await db
    .insert(profiles)
    .values({
      userId: DEMO_USER_ID,
      professionalName: DEMO_PROFILE.professionalName,
      businessName: DEMO_PROFILE.businessName,
      email: DEMO_EMAIL,
      bio: DEMO_PROFILE.bio,
      customLink: DEMO_LINK,
      isActive: true,
      timezone: DEFAULT_TIMEZONE,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** Active, paid far ahead, so the public page stays open however old the demo gets. */
export async function upsertDemoSubscription(db: Db, periodEnd: Date, now: Date): Promise<void> {
  const values = {
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    updatedAt: now,
  };
  await db
    .insert(subscriptions)
    .values({ userId: DEMO_USER_ID, createdAt: now, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}
