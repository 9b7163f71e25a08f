import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries, waitlistOffers, waitlistSettings } from '../../db/schema';

// The only code that queries the waiting list's tables (docs/decisions/010).

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;

export async function findSettings(db: Db, professionalId: string) {
  const [row] = await db
    .select({ enabled: waitlistSettings.enabled, holdMinutes: waitlistSettings.holdMinutes })
    .from(waitlistSettings)
    .where(eq(waitlistSettings.professionalId, professionalId));
  return row ?? { enabled: true, holdMinutes: 30 };
}

export async function saveSettings(
  db: Db,
  professionalId: string,
  values: { enabled: boolean; holdMinutes: number },
) {
  await db
    .insert(waitlistSettings)
    .values({ professionalId, ...values })
    .onConflictDoUpdate({
      target: waitlistSettings.professionalId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export type NewEntry = Omit<typeof waitlistEntries.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** The new entry's id; undefined when this request key already joined. */
export async function insertEntry(db: Db, values: NewEntry & { id: string }) {
  const rows = await db
    .insert(waitlistEntries)
    .values(values)
    .onConflictDoNothing({ target: [waitlistEntries.professionalId, waitlistEntries.requestKey] })
    .returning({ id: waitlistEntries.id });
  return rows[0]?.id;
}

export async function findEntryByRequest(db: Db, professionalId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        eq(waitlistEntries.requestKey, requestKey),
      ),
    );
  return row;
}

/** Waiting entries of the professional: all, or of one visitor, or of one contact. */
export async function countWaiting(db: Db, professionalId: string, extra?: SQL) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        eq(waitlistEntries.status, 'waiting'),
        extra,
      ),
    );
  return row?.count ?? 0;
}

export const byVisitor = (hash: string) => eq(waitlistEntries.visitorHash, hash);
export const byContact = (email: string | null, phone: string | null) =>
  email
    ? sql`lower(${waitlistEntries.clientEmail}) = lower(${email})`
    : eq(waitlistEntries.clientPhone, phone ?? '');

export async function findEntryByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.tokenHash, tokenHash));
  return row;
}

export async function findEntry(db: Db, professionalId: string, id: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.professionalId, professionalId), eq(waitlistEntries.id, id)));
  return row;
}

/** Waiting entries, first in line first (the oldest). */
export function listWaiting(db: Db, professionalId: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** Every entry (any status) wanting `date`, in line order. */
export function listEntriesOn(db: Db, professionalId: string, date: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        sql`${date}::varchar = ANY(${waitlistEntries.dates})`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** Moves an entry from `from` to `to`; false when it was no longer in `from`. */
export async function setEntryStatus(
  db: Db,
  professionalId: string,
  id: string,
  from: EntryRow['status'],
  to: EntryRow['status'],
) {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: to })
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        eq(waitlistEntries.id, id),
        eq(waitlistEntries.status, from),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/** Entries whose last wanted day is before `today`. */
export async function expireEntriesBefore(db: Db, professionalId: string, today: string) {
  return db
    .update(waitlistEntries)
    .set({ status: 'expired' })
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        eq(waitlistEntries.status, 'waiting'),
        sql`${waitlistEntries.lastDate} < ${today}::date`,
      ),
    )
    .returning({ id: waitlistEntries.id });
}

/** Professionals with someone waiting (the sweep's list). */
export async function listProfessionalsWaiting(db: Db) {
  const rows = await db
    .selectDistinct({ professionalId: waitlistEntries.professionalId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  return rows.map((row) => row.professionalId);
}

export function listOffersOf(db: Db, professionalId: string, entryIds: readonly string[]) {
  if (entryIds.length === 0) return Promise.resolve([] as OfferRow[]);
  return db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.professionalId, professionalId),
        inArray(waitlistOffers.entryId, [...entryIds]),
      ),
    );
}

export async function findPendingOffer(db: Db, professionalId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.professionalId, professionalId),
        eq(waitlistOffers.entryId, entryId),
        eq(waitlistOffers.status, 'pending'),
      ),
    );
  return row;
}

/** Inserts an offer; its trigger holds the time (23P01 when it is not free). */
export async function insertOffer(db: Db, values: typeof waitlistOffers.$inferInsert) {
  const [row] = await db.insert(waitlistOffers).values(values).returning();
  return row!;
}

/** Closes a pending offer (its hold goes with it); false when it was no longer pending. */
export async function closeOffer(
  db: Db,
  professionalId: string,
  id: string,
  to: 'accepted' | 'declined' | 'expired' | 'withdrawn',
  now?: Date,
) {
  const rows = await db
    .update(waitlistOffers)
    .set({ status: to })
    .where(
      and(
        eq(waitlistOffers.professionalId, professionalId),
        eq(waitlistOffers.id, id),
        eq(waitlistOffers.status, 'pending'),
        // Accepting needs the deadline ahead; expiring needs it behind.
        now && to === 'accepted' ? gt(waitlistOffers.deadline, now) : undefined,
        now && to === 'expired' ? lte(waitlistOffers.deadline, now) : undefined,
      ),
    )
    .returning({ id: waitlistOffers.id });
  return rows.length > 0;
}

/** Pending offers whose deadline has passed. */
export function listOverdueOffers(db: Db, professionalId: string, now: Date) {
  return db
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.professionalId, professionalId),
        eq(waitlistOffers.status, 'pending'),
        lte(waitlistOffers.deadline, now),
      ),
    );
}

/** Takes the professional's time lock (the occupied_times trigger's, migration 0016). */
export async function lockProfessionalTime(db: Db, professionalId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`agendaki:occupied:${professionalId}`}, 0))`,
  );
}

/** Entries wanting any of `dates`. */
export const wantsAny = (dates: readonly string[]) =>
  sql`${waitlistEntries.dates} && ${`{${dates.join(',')}}`}::varchar[]`;

/** Deletes the entries of one contact (LGPD erasure); their offers and holds go with them. */
export async function deleteEntriesOfContact(
  db: Db,
  professionalId: string,
  email: string | null,
  phone: string | null,
) {
  if (!email && !phone) return 0;
  const rows = await db
    .delete(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        email && phone
          ? sql`(${byContact(email, null)} OR ${byContact(null, phone)})`
          : byContact(email, phone),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
