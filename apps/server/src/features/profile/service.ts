import { randomBytes } from 'node:crypto';
import {
  DEFAULT_TIMEZONE,
  RESERVED_LINKS,
  slugifyBusinessName,
  type Profile,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import {
  findLinksLike,
  findProfileByUserId,
  insertProfileUnlessLinkTaken,
  type ProfileRow,
} from './repo';

export interface NewProfileInput {
  userId: string;
  professionalName: string;
  businessName: string;
  email: string;
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
 * then "studio-ana-2", "studio-ana-3"… skipping reserved words (DECISIONS.md, Custom link).
 * `db` is the sign-up transaction; a link taken concurrently moves on to the next candidate.
 */
export async function createProfileForNewUser(db: Db, input: NewProfileInput): Promise<ProfileRow> {
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

export async function getProfileByUserId(db: Db, userId: string): Promise<ProfileRow | undefined> {
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
  };
}
