import { createHash, randomBytes } from 'node:crypto';

/** Single-use links: the mail carries the token, the `verification` table only its hash. */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'sign-in';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  // docs/product.md, Accounts and sessions: the reset link expires in 1 hour.
  'reset-password': 60 * 60 * 1000,
  // The way in while sign-in is throttled (docs/decisions/007): short-lived, single use.
  'sign-in': 15 * 60 * 1000,
};

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The `verification.identifier` of a token: purpose plus SHA-256, never the token itself. */
export function tokenIdentifier(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${createHash('sha256').update(token).digest('base64url')}`;
}
