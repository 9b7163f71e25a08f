import { randomBytes } from 'node:crypto';
import {
  checkCustomLinkRule,
  customLinkSchema,
  DEFAULT_TIMEZONE,
  PROFILE_MESSAGES,
  RESERVED_LINKS,
  slugifyBusinessName,
  type LinkAvailability,
  type Profile,
  type ProfileUpdate,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import {
  findLinksLike,
  findProfileByUserId,
  insertProfileUnlessLinkTaken,
  isLinkHeldByAnother,
  updateProfileById,
  type ProfileRow,
} from './repo';
import * as repo from './repo';
import type { BookingRulesOf, ProfileOfUser } from './types';

export { getBookingProtection, holdCapsOf, saveBookingProtection } from './protection';

export type { AccountProfilesOf, BookingRulesOf, ProfileOfUser } from './types';
export { accountProfilesOf, isSuspended, setSuspension } from './suspension';

/**
 * What the service needs (docs/decisions/010-one-owner-per-table.md): the database (a
 * transaction when the caller has one: `{ ...deps, db: tx }`) and the clock.
 */
export interface ProfileDeps {
  db: Db;
  clock: Clock;
}
type DbDeps = Pick<ProfileDeps, 'db'>;

export interface NewProfileInput {
  userId: string;
  professionalName: string;
  businessName: string;
  email: string;
  /** The sign-up's instant, shared by every row its transaction writes. */
  now: Date;
}

const MAX_NUMBERED_LINKS = 10_000;

function* linkCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; n <= MAX_NUMBERED_LINKS; n += 1) yield `${base}-${n}`;
  // Only reached after thousands of namesakes: a random suffix ends the search.
  for (;;) yield `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * Creates the profile of a new account with a unique link from the business name: "studio-ana",
 * then "studio-ana-2", "studio-ana-3"… skipping reserved words (docs/product.md, Custom link).
 * `db` is the sign-up transaction; a link taken concurrently moves on to the next candidate.
 */
export async function createProfileForNewUser(
  { db }: DbDeps,
  input: NewProfileInput,
): Promise<ProfileRow> {
  const base = slugifyBusinessName(input.businessName);
  const taken = new Set(await findLinksLike(db, base));
  for (const candidate of linkCandidates(base)) {
    if (taken.has(candidate) || RESERVED_LINKS.has(candidate)) continue;
    const row = await insertProfileUnlessLinkTaken(db, {
      userId: input.userId,
      professionalName: input.professionalName,
      businessName: input.businessName,
      email: input.email,
      customLink: candidate,
      timezone: DEFAULT_TIMEZONE,
      createdAt: input.now,
      updatedAt: input.now,
    });
    if (row) return row;
    taken.add(candidate);
  }
  throw new Error('unreachable: link candidates never end');
}

export async function getProfileByUserId(
  { db }: DbDeps,
  userId: string,
): Promise<ProfileRow | undefined> {
  return findProfileByUserId(db, userId);
}

export function toProfileView(row: ProfileRow): Profile {
  return {
    id: row.id,
    professionalName: row.professionalName,
    businessName: row.businessName,
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    customLink: row.customLink,
    isActive: row.isActive,
    avatarUrl: row.avatarUrl,
    timezone: row.timezone,
    state: row.state,
  };
}

/** The profile vanished between the session check and the write (account deleted meanwhile). */
function profileGone(): AppError {
  return new AppError('NOT_FOUND', 'Perfil não encontrado');
}

/** Configurações > Negócio: names, phone, bio and the time zone (docs/product.md, Time). */
export async function updateProfile(
  { db, clock }: ProfileDeps,
  profileId: string,
  input: ProfileUpdate,
): Promise<Profile> {
  const row = await updateProfileById(db, profileId, { ...input, updatedAt: clock.now() });
  if (!row) throw profileGone();
  return toProfileView(row);
}

/**
 * The editors' check, 500 ms after typing stops (docs/product.md, Custom link): the shared rule on
 * the normalized candidate, then whether another profile holds it. One's own link is available.
 */
export async function checkLinkAvailability(
  { db }: DbDeps,
  profileId: string,
  candidate: string,
): Promise<LinkAvailability> {
  const rule = checkCustomLinkRule(candidate);
  if (!rule.available) return rule;
  if (await isLinkHeldByAnother(db, profileId, rule.link)) {
    return {
      link: rule.link,
      available: false,
      reason: 'taken',
      message: PROFILE_MESSAGES.linkTaken,
    };
  }
  return rule;
}

function linkConflict(): AppError {
  return new AppError('CONFLICT', PROFILE_MESSAGES.linkConflict);
}

/**
 * Stores a new custom link. The pre-check gives the usual answer; two saves racing for one link
 * are settled by the unique index on `custom_link`: the loser's 23505 becomes the same 409.
 */
export async function changeCustomLink(
  { db, clock }: ProfileDeps,
  profileId: string,
  customLink: string,
): Promise<Profile> {
  const parsed = customLinkSchema.safeParse(customLink);
  if (!parsed.success) {
    throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Link inválido');
  }
  if (await isLinkHeldByAnother(db, profileId, parsed.data)) throw linkConflict();
  let row: ProfileRow | undefined;
  try {
    row = await updateProfileById(db, profileId, {
      customLink: parsed.data,
      updatedAt: clock.now(),
    });
  } catch (error) {
    if (getSqlState(error) === SQLSTATE.UNIQUE_VIOLATION) throw linkConflict();
    throw error;
  }
  if (!row) throw profileGone();
  return toProfileView(row);
}

// ------------------------------------------------ for features/public-profile and features/demo

export type { PublicProfileRow } from './repo';

/** A professional as the public page shows them, by profile id. */
export function findPublicProfileById({ db }: DbDeps, id: string) {
  return repo.findPublicProfileById(db, id);
}

/** A professional by custom link only; ids go through `findPublicProfileById`. */
export function findPublicProfileByLink({ db }: DbDeps, link: string) {
  return repo.findPublicProfileByLink(db, link);
}

/** Inserts a profile with its fixed link (features/demo); nothing when the link is taken. */
export function insertProfileWithLink(
  { db }: DbDeps,
  values: Parameters<typeof repo.insertProfileUnlessLinkTaken>[1],
): Promise<ProfileRow | undefined> {
  return repo.insertProfileUnlessLinkTaken(db, values);
}

// ------------------------------------------------ booking rules (features/schedule)

export type { BookingRuleValues } from './repo';

/**
 * Locks the professional's profile row until `db`'s transaction ends: `share` (FOR SHARE) or
 * `exclusive` (FOR NO KEY UPDATE). features/schedule orders bookings and rule changes with it.
 */
export function lockProfile(
  { db }: DbDeps,
  profileId: string,
  mode: 'share' | 'exclusive',
): Promise<void> {
  return repo.lockProfile(db, profileId, mode);
}

export type ProfileLockQuery = ReturnType<typeof repo.profileLockQuery>;

/**
 * The same lock as a query for the caller's own first statement (a CTE; the booking's claim of
 * its idempotency key): the row stays locked until the transaction ends.
 */
export function profileLockQuery(
  { db }: DbDeps,
  profileId: string,
  mode: 'share' | 'exclusive',
): ProfileLockQuery {
  return repo.profileLockQuery(db, profileId, mode);
}

/** The online booking rules' columns, the state (UF) and the time zone; undefined if gone. */
export function findBookingRules({ db }: DbDeps, profileId: string) {
  return repo.findBookingRules(db, profileId);
}

/** The same as a subquery, for a read in the caller's statement (features/schedule). */
export function bookingRulesOf({ db }: DbDeps, profileId: string): BookingRulesOf {
  return repo.bookingRulesOf(db, profileId);
}

export function updateBookingRules(
  { db, clock }: ProfileDeps,
  profileId: string,
  values: repo.BookingRuleValues,
): Promise<void> {
  return repo.updateBookingRules(db, profileId, values, clock.now());
}

/** Each user's profile id and zone as a subquery, for a join in the caller's query (decision 015). */
export function profileOfUser({ db }: DbDeps): ProfileOfUser {
  return repo.profileOfUser(db);
}

export type { AfterBookingValues } from './repo';

/** Configurações > Agendamento online's after-booking part and the address (features/manage). */
export function updateAfterBookingSettings(
  { db, clock }: ProfileDeps,
  profileId: string,
  values: Partial<repo.AfterBookingValues>,
) {
  return repo.updateAfterBooking(db, profileId, values, clock.now());
}

/** The zone and the e-mail reminder's hours (features/appointments plans reminders with them). */
export function findReminderSettings({ db }: DbDeps, profileId: string) {
  return repo.findReminderSettings(db, profileId);
}
