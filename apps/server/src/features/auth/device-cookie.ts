import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The "recent device" of docs/decisions/007-login-throttling.md (OWASP's device cookies): set on
 * every successful sign-in, it lets that browser's right password through while the account is
 * throttled for everyone else. Signed with the auth secret (HMAC-SHA256), bound to one user,
 * httpOnly, and only honoured for TRUSTED_DEVICE_TTL_MS after it was issued; its random nonce
 * gives each device a throttle of its own.
 */

export const DEVICE_COOKIE_NAME = 'agendaki_device';

export interface TrustedDevice {
  userId: string;
  nonce: string;
}

function sign(payload: string, secret: string): string {
  // A label of its own, so no other signature made with the secret can pass for this one.
  return createHmac('sha256', secret).update(`device-cookie:${payload}`).digest('base64url');
}

export function createDeviceCookieValue(userId: string, now: Date, secret: string): string {
  const payload = [userId, randomBytes(16).toString('base64url'), now.getTime()].join('.');
  return `${payload}.${sign(payload, secret)}`;
}

/** The device a cookie value names, when its signature holds and it is recent enough. */
export function readDeviceCookieValue(
  value: string,
  options: { secret: string; now: Date; ttlMs: number },
): TrustedDevice | undefined {
  const parts = value.split('.');
  if (parts.length !== 4) return undefined;
  const [userId, nonce, issuedAt, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(`${userId}.${nonce}.${issuedAt}`, options.secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = options.now.getTime() - Number(issuedAt);
  if (!Number.isFinite(age) || age < 0 || age > options.ttlMs) return undefined;
  return { userId, nonce };
}

/** The value of one cookie in a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean },
): string {
  const attributes = [`Max-Age=${options.maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  return [`${name}=${value}`, ...attributes].join('; ');
}
