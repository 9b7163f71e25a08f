import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MANAGE_PATH_PREFIX, MANAGE_TOKEN_PATTERN } from '@agendaki/shared';

/**
 * Manage-link tokens (docs/decisions/013-after-the-booking.md). A token is
 * base64url(HMAC-SHA256(key, "manage:" + booking id + ":" + nonce)): 256 bits no one can guess
 * without the server's key, written again by the server whenever it needs the link (the
 * reminder, the WhatsApp message) from the booking id and the row's random nonce. The database
 * keeps only SHA-256(token), for the look-up: a copy of it gives no working link.
 */

/** The key of the manage links, derived from the server secret (auth's, shared by instances). */
export function deriveManageKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('agendaki:manage-link-key:v1').digest();
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function tokenFor(key: Buffer, bookingId: string, nonce: string): string {
  return createHmac('sha256', key)
    .update(`manage:${bookingId.toLowerCase()}:${nonce}`)
    .digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${MANAGE_PATH_PREFIX}${token}`;
}

/** A string shaped like a token; anything else is refused before any look-up. */
export function isTokenShaped(value: string): boolean {
  return MANAGE_TOKEN_PATTERN.test(value);
}

/** Constant-time comparison of the presented token with the one computed from the row. */
export function tokensMatch(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
