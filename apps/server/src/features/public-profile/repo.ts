import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { isUuid } from '../../lib/params';

/**
 * Read-only lookups of the public booking page. The profile feature owns writes to `profiles`;
 * this reads a professional by the address a visitor typed.
 */

const columns = {
  id: profiles.id,
  userId: profiles.userId,
  professionalName: profiles.professionalName,
  businessName: profiles.businessName,
  email: profiles.email,
  phone: profiles.phone,
  bio: profiles.bio,
  avatarUrl: profiles.avatarUrl,
  customLink: profiles.customLink,
  isActive: profiles.isActive,
  timezone: profiles.timezone,
};

export type PublicProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileById>>>;

export async function findProfileById(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(eq(profiles.id, id.toLowerCase()))
    .limit(1);
  return row;
}

/**
 * By custom link only (links are lowercase, so the identifier is too). A profile id never
 * matches here: ids resolve only through `findProfileById`, and no link can look like one.
 */
export async function findProfileByLink(
  db: Db,
  link: string,
): Promise<PublicProfileRow | undefined> {
  const value = link.toLowerCase();
  // A link cannot hold anything else (a NUL byte would even fail the query).
  if (!/^[a-z0-9-]{1,64}$/.test(value)) return undefined;
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(eq(profiles.customLink, value))
    .limit(1);
  return row;
}
