import { and, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { isUuid } from '../../lib/params';

export type ProfileRow = typeof profiles.$inferSelect;
type NewProfile = typeof profiles.$inferInsert;

export async function findProfileByUserId(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

/** Links equal to `base` or of the form `base-…`: the candidates a new link must avoid. */
export async function findLinksLike(db: Db, base: string): Promise<string[]> {
  // `base` holds only a-z, 0-9 and hyphens, so it needs no LIKE escaping.
  const rows = await db
    .select({ customLink: profiles.customLink })
    .from(profiles)
    .where(or(eq(profiles.customLink, base), like(profiles.customLink, `${base}-%`)));
  return rows.map((row) => row.customLink);
}

/** Inserts the profile unless another one took the link meanwhile (then returns undefined). */
export async function insertProfileUnlessLinkTaken(
  db: Db,
  values: NewProfile,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .insert(profiles)
    .values(values)
    .onConflictDoNothing({ target: profiles.customLink })
    .returning();
  return row;
}

type ProfileChanges = Partial<
  Pick<
    NewProfile,
    | 'professionalName'
    | 'businessName'
    | 'phone'
    | 'bio'
    | 'timezone'
    | 'state'
    | 'customLink'
    | 'updatedAt'
  >
>;

/** Updates the signed-in professional's own profile; undefined when it no longer exists. */
export async function updateProfileById(
  db: Db,
  profileId: string,
  changes: ProfileChanges,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set(changes)
    .where(eq(profiles.id, profileId))
    .returning();
  return row;
}

/** Whether a profile other than `profileId` holds `customLink`. */
export async function isLinkHeldByAnother(
  db: Db,
  profileId: string,
  customLink: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.customLink, customLink), ne(profiles.id, profileId)))
    .limit(1);
  return row !== undefined;
}

// ------------------------------------------------ the public booking page's lookups (features/public-profile)

const publicColumns = {
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
  address: profiles.address,
  cancelCutoffMinutes: profiles.cancelCutoffMinutes,
  reminderHours: profiles.reminderHours,
  clientEmailRequired: profiles.clientEmailRequired,
  bookingEmailCode: profiles.bookingEmailCode,
  whatsappTemplate: profiles.whatsappTemplate,
  /** Suspended by the operator (features/admin): her page then offers no way to reach her. */
  isSuspended: sql<boolean>`(${profiles.suspendedAt} IS NOT NULL)`.as('is_suspended'),
};

export type PublicProfileRow = NonNullable<Awaited<ReturnType<typeof findPublicProfileById>>>;

export async function findPublicProfileById(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(profiles)
    .where(eq(profiles.id, id.toLowerCase()))
    .limit(1);
  return row;
}

/**
 * By custom link only (links are lowercase, so the identifier is too). A profile id never
 * matches here: ids resolve only through `findPublicProfileById`, and no link can look like one.
 */
export async function findPublicProfileByLink(
  db: Db,
  link: string,
): Promise<PublicProfileRow | undefined> {
  const value = link.toLowerCase();
  // A link cannot hold anything else (a NUL byte would even fail the query).
  if (!/^[a-z0-9-]{1,64}$/.test(value)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(profiles)
    .where(eq(profiles.customLink, value))
    .limit(1);
  return row;
}

// ------------------------------------------------ booking rules and lock (features/schedule)

/**
 * The query that locks the profile row (its `id`, none when the profile is gone): FOR SHARE, or
 * FOR NO KEY UPDATE as an UPDATE of the rules does.
 */
export function profileLockQuery(db: Db, profileId: string, mode: 'share' | 'exclusive') {
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for(mode === 'share' ? 'share' : 'no key update');
}

/** Locks the profile row, in a statement of its own. */
export async function lockProfile(
  db: Db,
  profileId: string,
  mode: 'share' | 'exclusive',
): Promise<void> {
  await profileLockQuery(db, profileId, mode);
}

const bookingRuleColumns = {
  minNoticeMinutes: profiles.minNoticeMinutes,
  horizonDays: profiles.horizonDays,
  slotStep: profiles.slotStep,
  maxBookingsPerDay: profiles.maxBookingsPerDay,
  // A suspended account takes no booking: its page reads as paused (features/admin).
  paused: sql<boolean>`(${profiles.bookingPaused} OR ${profiles.suspendedAt} IS NOT NULL)`.as(
    'paused',
  ),
  state: profiles.state,
  timezone: profiles.timezone,
};

export async function findBookingRules(db: Db, profileId: string) {
  const [row] = await db
    .select(bookingRuleColumns)
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row;
}

/**
 * The same columns as a subquery (no row when the profile is gone): features/schedule reads
 * them with the exceptions and time off in one statement (docs/decisions/010).
 */
export function bookingRulesOf(db: Db, profileId: string) {
  return db
    .select(bookingRuleColumns)
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .as('booking_rules');
}

export interface BookingRuleValues {
  minNoticeMinutes: number;
  horizonDays: number;
  slotStep: number;
  maxBookingsPerDay: number | null;
  bookingPaused: boolean;
}

export async function updateBookingRules(
  db: Db,
  profileId: string,
  values: BookingRuleValues,
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.id, profileId));
}

/**
 * Every user's profile id and zone, as a subquery features/auth joins to the session: the
 * signed-in check reads session, user, profile and subscription in one statement (decision 015).
 */
export function profileOfUser(db: Db) {
  return (
    db
      .select({ userId: profiles.userId, id: profiles.id, timezone: profiles.timezone })
      .from(profiles)
      // A suspended account (features/admin) reads as signed out on its very next request.
      .where(isNull(profiles.suspendedAt))
      .as('signed_in_profile')
  );
}

// ------------------------------------------------ after the booking (features/manage)

export interface AfterBookingValues {
  address: string | null;
  cancelCutoffMinutes: number;
  reminderHours: number;
  clientEmailRequired: boolean;
  bookingEmailCode: boolean;
  whatsappTemplate: string | null;
}

export async function updateAfterBooking(
  db: Db,
  profileId: string,
  values: Partial<AfterBookingValues>,
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.id, profileId));
}

export async function findReminderSettings(db: Db, profileId: string) {
  const [row] = await db
    .select({ timezone: profiles.timezone, reminderHours: profiles.reminderHours })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row;
}
