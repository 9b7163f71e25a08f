import { createHmac } from 'node:crypto';
import type { Auth } from './better-auth';
import { createDeviceCookieValue, DEVICE_COOKIE_NAME, serializeCookie } from './device-cookie';
import { TRUSTED_DEVICE_TTL_MS } from './limits';

/** Set-Cookie of a fresh trusted-device cookie for `userId` (device-cookie.ts). */
export function deviceCookie(userId: string, now: Date, secret: string, publicUrl: string): string {
  return serializeCookie(DEVICE_COOKIE_NAME, createDeviceCookieValue(userId, now, secret), {
    maxAgeSeconds: TRUSTED_DEVICE_TTL_MS / 1000,
    secure: publicUrl.startsWith('https://'),
  });
}

/**
 * A new better-auth session for `userId`, for a sign-in that did not go through a password (the
 * e-mailed link). better-auth stores the row; the cookie is signed the way it signs its own
 * (HMAC-SHA256 of the token with the auth secret, "token.signature"), so every later request
 * reads it like any other session.
 */
export async function createSessionCookie(auth: Auth, userId: string): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  if (!session) throw new Error('better-auth did not create a session');
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
  const { name, attributes } = context.authCookies.sessionToken;
  return serializeCookie(name, encodeURIComponent(`${session.token}.${signature}`), {
    maxAgeSeconds: context.sessionConfig.expiresIn,
    secure: attributes.secure === true,
  });
}
