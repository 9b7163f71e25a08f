import type { Limit } from '../../plugins/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Abuse limits of the auth façade: bursts per IP, and per account over an hour. Counted in
 * PostgreSQL (plugins/rate-limit.ts), so every instance shares them. Wrong passwords per
 * account are not a hard limit but a growing delay: SIGN_IN_THROTTLE below.
 */
export const AUTH_LIMITS = {
  signInPerIp: { max: 10, windowMs: MINUTE },
  signUpPerIp: { max: 10, windowMs: MINUTE },
  signUpPerAccount: { max: 5, windowMs: HOUR },
  /** "Reenviar confirmação" and "Esqueci minha senha". */
  mailRequestsPerIp: { max: 10, windowMs: MINUTE },
  /** Confirmation links per address, including those re-sent by a refused login. */
  verificationMailsPerAccount: { max: 5, windowMs: HOUR },
  resetMailsPerAccount: { max: 5, windowMs: HOUR },
  signInLinkMailsPerAccount: { max: 5, windowMs: HOUR },
  resetPasswordPerIp: { max: 10, windowMs: MINUTE },
  changePasswordFailuresPerUser: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * Sign-in throttle per account (docs/decisions/007-login-throttling.md): `freeFailures` attempts
 * go through at once; from then on each attempt must wait `baseDelayMs` doubled per further
 * failure, at most `maxDelayMs`. A quiet `windowMs` since the last attempt forgets them.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  baseDelayMs: 15_000,
  maxDelayMs: 15 * MINUTE,
  windowMs: HOUR,
};

/** A device that signed in successfully skips the account's throttle for this long. */
export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * HOUR;

/** Counter scopes, also used by tests to seed a counter. */
export const LIMIT_SCOPES = {
  signInIp: 'sign-in:ip',
  signInAccount: 'sign-in:account',
  signInDevice: 'sign-in:device',
  signInLinkMail: 'sign-in-link-mail:account',
  signUpIp: 'sign-up:ip',
  signUpAccount: 'sign-up:account',
  mailRequestIp: 'mail-request:ip',
  verificationMail: 'verification-mail:account',
  resetMail: 'reset-mail:account',
  resetPasswordIp: 'reset-password:ip',
  changePasswordFailures: 'change-password:failures',
} as const;
