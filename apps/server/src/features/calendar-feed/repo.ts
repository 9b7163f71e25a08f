import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/** The professional whose feed has this token hash, if any. */
export async function findProfessionalByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ professionalId: calendarFeeds.professionalId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return row?.professionalId;
}

export async function findFeed(db: Db, professionalId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.professionalId, professionalId));
  return row;
}

/** One row per professional: a new token replaces the old hash in the same statement. */
export async function upsertFeed(
  db: Db,
  professionalId: string,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ professionalId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.professionalId,
      set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
    });
}

/** Replaces the token of an existing feed; false when the professional has none. */
export async function replaceFeedToken(
  db: Db,
  professionalId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(calendarFeeds)
    .set({ tokenHash, createdAt: now })
    .where(eq(calendarFeeds.professionalId, professionalId))
    .returning({ professionalId: calendarFeeds.professionalId });
  return updated.length > 0;
}

/** Turns the feed off; true when there was one. */
export async function deleteFeedIfAny(db: Db, professionalId: string): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.professionalId, professionalId))
    .returning({ professionalId: calendarFeeds.professionalId });
  return deleted.length > 0;
}

export async function deleteFeed(db: Db, professionalId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.professionalId, professionalId));
}
