import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createSecretBox, deriveSecretBoxKey, SECRET_UNREADABLE_MESSAGE } from './secret-box';

const SECRET = 'agendaki-test-secret-with-enough-length-0123456789';
const CONTEXT = 'pix:0b6a2f2e-5d1c-4e55-9a39-3f1f6c1d2e10:access-token';
const TOKEN = 'APP_USR-1234567890123456-112406-0a1b2c3d4e5f60718293a4b5c6d7e8f9-123456789';

const box = createSecretBox(deriveSecretBoxKey(SECRET));

function refused(action: () => unknown) {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).message).toBe(SECRET_UNREADABLE_MESSAGE);
  expect((caught as AppError).statusCode).toBe(500);
}

/** Flips one bit of one base64url part of a sealed text. */
function flip(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('opens what it sealed, and never shows the plaintext in the sealed text', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('APP_USR');
    expect(box.open(sealed, CONTEXT)).toBe(TOKEN);
    // Accents and the empty string survive.
    expect(box.open(box.seal('ação ✓', CONTEXT), CONTEXT)).toBe('ação ✓');
    expect(box.open(box.seal('', CONTEXT), CONTEXT)).toBe('');
  });

  it('seals the same text differently every time (a fresh IV)', () => {
    expect(box.seal(TOKEN, CONTEXT)).not.toBe(box.seal(TOKEN, CONTEXT));
  });

  it('refuses a sealed text altered anywhere: IV, ciphertext or tag', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    for (const part of [1, 2, 3]) refused(() => box.open(flip(sealed, part), CONTEXT));
  });

  it('refuses a sealed text opened with another key', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    const other = createSecretBox(deriveSecretBoxKey(`${SECRET}-rotated`));
    refused(() => other.open(sealed, CONTEXT));
  });

  it('refuses a sealed text moved to another professional or field', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    refused(() => box.open(sealed, CONTEXT.replace('access-token', 'webhook-secret')));
    refused(() => box.open(sealed, 'pix:another-professional:access-token'));
  });

  it('refuses malformed texts and unknown versions', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    for (const text of [
      '',
      TOKEN,
      sealed.replace(/^v1/, 'v2'),
      sealed.split('.').slice(0, 3).join('.'),
      `${sealed}.AAAA`,
      sealed.replace('.', '.!'),
    ]) {
      refused(() => box.open(text, CONTEXT));
    }
  });

  it('derives a 32-byte key, the same for the same secret', () => {
    expect(deriveSecretBoxKey(SECRET)).toHaveLength(32);
    expect(deriveSecretBoxKey(SECRET).equals(deriveSecretBoxKey(SECRET))).toBe(true);
    expect(() => deriveSecretBoxKey('short')).toThrow();
  });
});
