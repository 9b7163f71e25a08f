import { createHash, createHmac } from 'node:crypto';
import { WAITLIST_PATH_PREFIX } from '@agendaki/shared';

/**
 * The client's link to their place in line: base64url(HMAC-SHA256(key, "waitlist:" + entry id)),
 * so the server writes it again whenever it needs it (the offer's mail, the professional's
 * WhatsApp message). Only its SHA-256 is stored, for the look-up (as manage links, decision 013).
 */
export function entryToken(key: Buffer, entryId: string): string {
  return createHmac('sha256', key).update(`waitlist:${entryId.toLowerCase()}`).digest('base64url');
}

export function hashEntryToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function entryUrl(publicUrl: string, key: Buffer, entryId: string): string {
  return `${publicUrl}${WAITLIST_PATH_PREFIX}${entryToken(key, entryId)}`;
}

/** 43 base64url characters; anything else is refused before any look-up. */
export function isEntryTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The key of these links, derived from the server secret every instance shares. */
export function deriveWaitlistKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('agendaki:waitlist-link-key:v1').digest();
}
