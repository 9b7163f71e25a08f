import type { Limit } from '../../plugins/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Abuse limits of the auth façade: bursts per IP, and per account over an hour. Counted in
 * PostgreSQL (plugins/rate-limit.ts), so every instance shares them.
 */
export const AUTH_LIMITS = {
  signInPerIp: { max: 10, windowMs: MINUTE },
  signInFailuresPerAccount: { max: 100, windowMs: HOUR },
  signUpPerIp: { max: 10, windowMs: MINUTE },
  signUpPerAccount: { max: 5, windowMs: HOUR },
  /** "Reenviar confirmação" and "Esqueci minha senha". */
  mailRequestsPerIp: { max: 10, windowMs: MINUTE },
  /** Confirmation links per address, including those re-sent by a refused login. */
  verificationMailsPerAccount: { max: 5, windowMs: HOUR },
  resetMailsPerAccount: { max: 5, windowMs: HOUR },
  resetPasswordPerIp: { max: 10, windowMs: MINUTE },
  changePasswordFailuresPerUser: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** Counter scopes, also used by tests to seed a counter. */
export const LIMIT_SCOPES = {
  signInIp: 'sign-in:ip',
  signInFailures: 'sign-in:failures',
  signUpIp: 'sign-up:ip',
  signUpAccount: 'sign-up:account',
  mailRequestIp: 'mail-request:ip',
  verificationMail: 'verification-mail:account',
  resetMail: 'reset-mail:account',
  resetPasswordIp: 'reset-password:ip',
  changePasswordFailures: 'change-password:failures',
} as const;
