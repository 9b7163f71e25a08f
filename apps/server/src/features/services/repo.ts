import type { SearchTerm } from '@agendaki/shared';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type ServiceRow = typeof services.$inferSelect;

/** An id that is not a UUID names no row: answer "not found" instead of a database error. */

export interface ServiceValues {
  name?: string;
  description?: string | null;
  price?: string;
  durationMinutes?: number;
  bufferMinutes?: number;
  isActive?: boolean;
  imageUrl?: string | null;
  imageThumbnailUrl?: string | null;
}

/** All of a professional's services, newest first; or only the active ones, by name. */
export function listServices(db: Db, professionalId: string, options: { activeOnly: boolean }) {
  const mine = eq(services.professionalId, professionalId);
  return options.activeOnly
    ? db
        .select()
        .from(services)
        .where(and(mine, eq(services.isActive, true)))
        .orderBy(asc(services.name), asc(services.id))
    : db.select().from(services).where(mine).orderBy(desc(services.createdAt), desc(services.id));
}

export async function findService(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)));
  return row;
}

export async function insertService(
  db: Db,
  professionalId: string,
  values: Required<Omit<ServiceValues, 'imageUrl' | 'imageThumbnailUrl'>>,
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({ ...values, professionalId })
    .returning();
  return row!;
}

export async function updateService(
  db: Db,
  professionalId: string,
  id: string,
  values: ServiceValues,
  now: Date,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))
    .returning();
  return row;
}

/**
 * Points the service at new image files (or none) and returns the files it pointed at, read
 * under the row's lock in the same transaction: of two uploads at once, each learns exactly
 * the files it displaced, so no file is left that nothing points at (docs/decisions/030).
 */
export async function replaceImageFiles(
  db: Db,
  professionalId: string,
  id: string,
  values: { imageUrl: string | null; imageThumbnailUrl: string | null },
  now: Date,
): Promise<{ row: ServiceRow; replaced: string[] } | undefined> {
  if (!isUuid(id)) return undefined;
  const mine = and(eq(services.id, id), eq(services.professionalId, professionalId));
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ imageUrl: services.imageUrl, thumbnailUrl: services.imageThumbnailUrl })
      .from(services)
      .where(mine)
      .for('update');
    if (!previous) return undefined;
    const [row] = await tx
      .update(services)
      .set({ ...values, updatedAt: now })
      .where(mine)
      .returning();
    const replaced = [previous.imageUrl, previous.thumbnailUrl].filter(
      (url): url is string => url !== null,
    );
    return { row: row!, replaced };
  });
}

/** The image files of all of a professional's services, their rows locked (account deletion). */
export async function lockImageFiles(db: Db, professionalId: string): Promise<string[]> {
  const rows = await db
    .select({ imageUrl: services.imageUrl, thumbnailUrl: services.imageThumbnailUrl })
    .from(services)
    .where(eq(services.professionalId, professionalId))
    .for('update');
  return rows.flatMap((row) =>
    [row.imageUrl, row.thumbnailUrl].filter((url): url is string => url !== null),
  );
}

/** Those of `urls` that some service (of any professional) points at: the orphan sweep's check. */
export async function findReferencedImageFiles(
  db: Db,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...urls];
  const rows = await db
    .select({ imageUrl: services.imageUrl, thumbnailUrl: services.imageThumbnailUrl })
    .from(services)
    .where(or(inArray(services.imageUrl, list), inArray(services.imageThumbnailUrl, list)));
  return new Set(
    rows.flatMap((row) => [row.imageUrl, row.thumbnailUrl]).filter(Boolean) as string[],
  );
}

export async function deleteService(
  db: Db,
  professionalId: string,
  id: string,
): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(services)
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))
    .returning();
  return row;
}

// ------------------------------------------------ read by other features, through service.ts

/**
 * The professional's services as a subquery that features/appointments and features/dashboard
 * join: the SQL over `services` stays here, and the database still runs one statement.
 */
export function serviceDirectory(db: Db, professionalId: string) {
  return db
    .select({
      id: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(eq(services.professionalId, professionalId))
    .as('service');
}

/** The ids of the professional's services whose name matches, without case or accents. */
export function serviceIdsMatching(db: Db, professionalId: string, term: SearchTerm) {
  const pattern =
    term.kind === 'digits' ? sql`${term.pattern}` : sql`agendaki_unaccent(lower(${term.pattern}))`;
  return db
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.professionalId, professionalId),
        sql`agendaki_unaccent(lower(${services.name})) LIKE ${pattern}`,
      ),
    );
}
