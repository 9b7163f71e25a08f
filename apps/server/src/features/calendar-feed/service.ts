import { createHash, randomBytes } from 'node:crypto';
import {
  addDaysToDate,
  CALENDAR_FEED_DAYS_AFTER,
  CALENDAR_FEED_DAYS_BEFORE,
  zonedToday,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { listAppointmentsInRange } from '../appointments/service';
import { findPublicProfileById } from '../profile/service';
import { buildCalendarFeed } from './ics';
import * as repo from './repo';

/** The database, the clock and the address the feed is served from (decision 010). */
export interface CalendarFeedDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** 256 random bits as base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A feed is a phone's or Google's calendar, not an export: a bound against a huge agenda. */
const MAX_EVENTS = 5_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function getFeedStatus(
  { db }: Pick<CalendarFeedDeps, 'db'>,
  professionalId: string,
): Promise<CalendarFeedStatus> {
  const row = await repo.findFeed(db, professionalId);
  return { isActive: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * Makes a new secret address; the previous one stops answering at once (its hash is replaced in
 * the same statement). The token itself is only in this answer.
 */
export async function rotateFeed(
  { db, clock, publicUrl }: CalendarFeedDeps,
  professionalId: string,
): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await repo.upsertFeed(db, professionalId, hashToken(token), now);
  return feedAddress(publicUrl, token, now);
}

function feedAddress(publicUrl: string, token: string, now: Date): CalendarFeedCreated {
  const httpsUrl = `${publicUrl}/ics/${token}.ics`;
  return {
    httpsUrl,
    webcalUrl: httpsUrl.replace(/^https?:/, 'webcal:'),
    createdAt: now.toISOString(),
  };
}

/**
 * After a password change (features/auth): a feed in use gets a new address, returned so the
 * screen shows it once; null when there is no feed. The old address stops at once.
 */
export async function rotateFeedIfActive(
  { db, clock, publicUrl }: CalendarFeedDeps,
  professionalId: string,
): Promise<CalendarFeedCreated | null> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  if (!(await repo.replaceFeedToken(db, professionalId, hashToken(token), now))) return null;
  return feedAddress(publicUrl, token, now);
}

/** After a password reset: nobody signed in to be shown a new address, so the feed goes off. */
export async function disableFeedIfActive(
  { db }: Pick<CalendarFeedDeps, 'db'>,
  professionalId: string,
): Promise<boolean> {
  return repo.deleteFeedIfAny(db, professionalId);
}

export async function disableFeed(
  { db }: Pick<CalendarFeedDeps, 'db'>,
  professionalId: string,
): Promise<void> {
  await repo.deleteFeed(db, professionalId);
}

/**
 * The iCalendar text of the feed named by `token`, or undefined for a malformed, unknown or
 * replaced token (the route answers the same 404 for all). The lookup is by SHA-256, so the
 * database compares hashes an attacker cannot steer, never the token itself.
 */
export async function renderFeed(
  { db, clock }: Pick<CalendarFeedDeps, 'db' | 'clock'>,
  token: string,
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const professionalId = await repo.findProfessionalByTokenHash(db, hashToken(token));
  if (!professionalId) return undefined;
  const profile = await findPublicProfileById({ db }, professionalId);
  if (!profile) return undefined;
  const now = clock.now();
  const today = zonedToday(now, profile.timezone);
  const appointments = await listAppointmentsInRange(
    { db },
    professionalId,
    {
      from: addDaysToDate(today, -CALENDAR_FEED_DAYS_BEFORE),
      to: addDaysToDate(today, CALENDAR_FEED_DAYS_AFTER),
    },
    MAX_EVENTS,
  );
  return buildCalendarFeed({
    businessName: profile.businessName,
    timeZone: profile.timezone,
    now,
    appointments,
  });
}
