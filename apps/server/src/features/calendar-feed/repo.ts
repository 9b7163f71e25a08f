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

export async function deleteFeed(db: Db, professionalId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.professionalId, professionalId));
}
