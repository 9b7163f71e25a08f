import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs each webhook delivery with the app secret: `X-Hub-Signature-256: sha256=<hex>`,
 * an HMAC-SHA256 of the raw body as sent. Compared in constant time; anything else is false.
 */
export function isSignedByMeta(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  // A length that differs (or hex that is not) cannot match; timingSafeEqual needs equal lengths.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The GET handshake's token, compared in constant time. */
export function isVerifyToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
