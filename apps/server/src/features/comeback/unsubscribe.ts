import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_PATH_PREFIX, UNSUBSCRIBE_TOKEN_PATTERN } from '@agendaki/shared';

/**
 * The "stop" link every message carries (LGPD: the client can refuse marketing at any time).
 * A token is the professional's and the client's ids (32 bytes, base64url) followed by an
 * HMAC-SHA256 of them with a key from the server secret: nothing to store, nothing to guess,
 * and a token the server did not write is refused like an unknown page (404).
 */
export function deriveUnsubscribeKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('agendaki:unsubscribe-key:v1').digest();
}

const ID_PART = 43; // 32 bytes in base64url, without padding

function macOf(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url');
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function unsubscribeToken(key: Buffer, professionalId: string, clientId: string): string {
  const payload = Buffer.concat([uuidBytes(professionalId), uuidBytes(clientId)]).toString(
    'base64url',
  );
  return `${payload}${macOf(key, payload)}`;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH_PREFIX}${token}`;
}

/** The ids a token names, or null when the server did not write it (compared in constant time). */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { professionalId: string; clientId: string } | null {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token) || token.length !== ID_PART * 2) return null;
  const payload = token.slice(0, ID_PART);
  const presented = Buffer.from(token.slice(ID_PART));
  const expected = Buffer.from(macOf(key, payload));
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 32) return null;
  return { professionalId: uuidOf(bytes.subarray(0, 16)), clientId: uuidOf(bytes.subarray(16)) };
}
