// The manage link: its deps, creating it with a booking, and finding the row a token opens.
import { MANAGE_LINK_INVALID_MESSAGE } from '@agendaki/shared';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PublicReadCache } from '../public-profile/service';
import * as repo from './repo';
import { hashToken, isTokenShaped, manageUrl, newNonce, tokenFor, tokensMatch } from './token';

/** What the service needs (decision 010), plus the manage links' key and the public address. */
export interface ManageDeps {
  db: Db;
  clock: Clock;
  /** HMAC key of the tokens (token.ts `deriveManageKey`). */
  key: Buffer;
  publicUrl: string;
  /** How long a client's changes merge into one notice (default CHANGE_NOTICE_WINDOW_MS). */
  noticeWindowMs?: number;
}

export interface ManagePublicDeps extends ManageDeps {
  cache: PublicReadCache;
}

export type LinkDeps = Pick<ManageDeps, 'db' | 'key' | 'publicUrl'>;

// ------------------------------------------------ the link

/**
 * The booking's manage link, created with its row the first time (in `db`'s transaction: a
 * booking and its link commit together). Only the token's hash is stored; the link is computed.
 */
export async function ensureManageLink(
  deps: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<string> {
  const existing = await repo.findLink(deps.db, professionalId, bookingId);
  if (existing) return manageUrl(deps.publicUrl, tokenFor(deps.key, bookingId, existing.nonce));
  return createManageLink(deps, professionalId, bookingId, now);
}

/**
 * The booking's manage token itself (the link's last part), the link row created if needed:
 * what a WhatsApp answer acts with, through the same actions as the page (features/whatsapp-inbox).
 */
export async function ensureManageToken(
  deps: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<string> {
  const existing = await repo.findLink(deps.db, professionalId, bookingId);
  const row =
    existing ??
    (await repo.ensureLink(deps.db, newLinkValues(deps.key, professionalId, bookingId), now));
  return tokenFor(deps.key, bookingId, row.nonce);
}

/** A fresh link row's values for `bookingId`: a new nonce and the hash of its token. */
function newLinkValues(key: Buffer, professionalId: string, bookingId: string) {
  const nonce = newNonce();
  return {
    professionalId,
    bookingId,
    nonce,
    tokenHash: hashToken(tokenFor(key, bookingId, nonce)),
  };
}

/**
 * The link of a booking found without one (ensureManageLink); should another transaction have
 * written it first, theirs is kept and answered.
 */
async function createManageLink(
  { db, key, publicUrl }: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): Promise<string> {
  const row = await repo.ensureLink(db, newLinkValues(key, professionalId, bookingId), now);
  return manageUrl(publicUrl, tokenFor(key, bookingId, row.nonce));
}

/**
 * The link of a booking this transaction has just created (its id was claimed by it, so no
 * other transaction can have written the link): a plain insert, handed to the caller to run
 * in its own statement (features/booking stores its answer with it), and the link's URL.
 */
export function newBookingLink(
  deps: LinkDeps,
  professionalId: string,
  bookingId: string,
  now: Date,
): { insert: SQLWrapper; url: string } {
  const values = newLinkValues(deps.key, professionalId, bookingId);
  return {
    insert: repo.insertLinkQuery(deps.db, values, now),
    url: manageUrl(deps.publicUrl, tokenFor(deps.key, bookingId, values.nonce)),
  };
}

const DUMMY_BOOKING = '00000000-0000-4000-8000-000000000000';

/**
 * The link row a token opens, or undefined; every path does the same work (one look-up by
 * hash, one HMAC, one constant-time comparison), so a wrong token answers like any other.
 */
export async function findByToken(
  { db, key }: Pick<ManageDeps, 'db' | 'key'>,
  token: string,
): Promise<repo.ManageLinkRow | undefined> {
  const shaped = isTokenShaped(token);
  const row = shaped ? await repo.findLinkByHash(db, hashToken(token)) : undefined;
  const expected = tokenFor(key, row?.bookingId ?? DUMMY_BOOKING, row?.nonce ?? 'x');
  const matches = tokensMatch(shaped ? token : expected.replace(/./g, '_'), expected);
  return row && matches ? row : undefined;
}

export function invalidLink(): AppError {
  return new AppError('NOT_FOUND', MANAGE_LINK_INVALID_MESSAGE);
}
