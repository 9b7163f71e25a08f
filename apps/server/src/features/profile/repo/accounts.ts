// The profile as the operator console sees an account (features/admin): no client, no agenda.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema';

/** Every profile's public facts and suspension, as a subquery features/admin joins. */
export function accountProfilesOf(db: Db) {
  return db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      professionalName: profiles.professionalName,
      businessName: profiles.businessName,
      customLink: profiles.customLink,
      suspendedAt: profiles.suspendedAt,
    })
    .from(profiles)
    .as('account_profile');
}

/** Sets or clears the suspension; the profile's id, or undefined without a profile. */
export async function updateSuspension(
  db: Db,
  userId: string,
  suspendedAt: Date | null,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ suspendedAt, updatedAt: now })
    .where(eq(profiles.userId, userId))
    .returning({ id: profiles.id });
  return row?.id;
}

export async function isUserSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspended: sql<boolean>`${profiles.suspendedAt} IS NOT NULL` })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.suspended ?? false;
}
