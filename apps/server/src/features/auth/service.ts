import { randomUUID } from 'node:crypto';
import type { AuthUser, SignInInput, SignUpInput } from '@agendaki/shared';
import { APIError } from 'better-auth/api';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import type { Auth } from './better-auth';
import { rateLimitKey, type RateLimiter } from '../../plugins/rate-limit';
import { enqueueMail } from '../mail/service';
import { renderSignInAttackMail } from '../../lib/mail-templates';
import { createProfileForNewUser, isSuspended } from '../profile/service';
import { startTrial } from '../subscription/service';
import { deviceCookie } from './session-cookies';
import { DEVICE_COOKIE_NAME, readCookie, readDeviceCookieValue } from './device-cookie';
import { AUTH_LIMITS, LIMIT_SCOPES, SIGN_IN_THROTTLE, TRUSTED_DEVICE_TTL_MS } from './limits';
import { claimSignInAttempt, clearSignInThrottle, findNextAttemptAt } from './throttle-repo';
import { recordSignIn } from './accounts-repo';
import {
  consumeToken,
  deleteSessionsOfUser,
  findUserByEmail,
  insertCredentialAccount,
  insertUser,
  markEmailVerified,
} from './repo';
import { tokenIdentifier } from './tokens';
import { queueVerificationMail as queueMail, type MailTarget } from './verification-mail';

export { createAccountDeletionService } from './account-deletion';
export { ensureConfirmedAccount } from './seeding';
export {
  accountsSubquery,
  endAllSessions,
  findAccountByEmail,
  resendConfirmation,
  type ResendOutcome,
} from './operator-actions';
export type { AccountsOf } from './types';

export interface AuthServiceDeps {
  db: Db;
  auth: Auth;
  clock: Clock;
  limiter: RateLimiter;
  publicUrl: string;
}

/** Who sends the request: rate limits count per IP; sessions record the user agent. */
export interface RequestMeta {
  ip: string;
  headers: Headers;
}

export const EMAIL_TAKEN_MESSAGE = 'Este email já está cadastrado';
export const INVALID_CREDENTIALS_MESSAGE = 'Email ou senha inválidos';
export const SIGN_IN_THROTTLED_MESSAGE =
  'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou receba um link de acesso por e-mail.';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Esta conta está suspensa. Fale com o suporte do Agendaki para saber mais.';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Confirme seu e-mail antes de entrar. Enviamos um novo link de confirmação.';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, auth, clock, limiter } = deps;

  const queueVerificationMail = (tx: Db, target: MailTarget, now: Date) =>
    queueMail(tx, deps.publicUrl, target, now);

  /** The signed device cookie of this request, when it belongs to the account being signed in. */
  async function recognizedDevice(email: string, meta: RequestMeta, secret: string, now: Date) {
    const value = readCookie(meta.headers.get('cookie') ?? undefined, DEVICE_COOKIE_NAME);
    if (!value) return undefined;
    const device = readDeviceCookieValue(value, { secret, now, ttlMs: TRUSTED_DEVICE_TTL_MS });
    if (!device) return undefined;
    const owner = await findUserByEmail(db, email);
    return owner?.id === device.userId ? device : undefined;
  }

  async function signInThrottled(key: string, now: Date): Promise<AppError> {
    const nextAttemptAt = await findNextAttemptAt(db, key);
    const waitMs = (nextAttemptAt?.getTime() ?? now.getTime()) - now.getTime();
    return new AppError('SIGN_IN_THROTTLED', SIGN_IN_THROTTLED_MESSAGE, {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }

  /** Once per throttle window: the attempt that uses up the free ones tells the owner. */
  async function warnOwnerOfAttack(email: string, now: Date): Promise<void> {
    const owner = await findUserByEmail(db, email);
    if (!owner) return;
    const link = `${deps.publicUrl}/auth`;
    await enqueueMail(
      { db },
      renderSignInAttackMail({ to: owner.email, name: owner.name, link }),
      now,
    );
  }

  async function sendNewVerificationMail(target: MailTarget): Promise<void> {
    const now = clock.now();
    await db.transaction((tx) => queueVerificationMail(tx, target, now));
  }

  return {
    /**
     * One transaction: user, credential account, profile (unique link), trial subscription,
     * confirmation token and its mail. Any failure leaves none of them behind.
     */
    async signUp(input: SignUpInput, meta: RequestMeta): Promise<void> {
      await limiter.consume(rateLimitKey(LIMIT_SCOPES.signUpIp, meta.ip), AUTH_LIMITS.signUpPerIp);
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.signUpAccount, input.email),
        AUTH_LIMITS.signUpPerAccount,
      );
      if (await findUserByEmail(db, input.email)) {
        throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
      }
      // Hashing is slow: done before the transaction so it holds no connection meanwhile.
      const passwordHash = await (await auth.$context).password.hash(input.password);
      const now = clock.now();
      const userId = randomUUID();
      try {
        await db.transaction(async (tx) => {
          await insertUser(tx, {
            id: userId,
            name: input.professionalName,
            email: input.email,
            now,
          });
          await insertCredentialAccount(tx, { id: randomUUID(), userId, passwordHash, now });
          await createProfileForNewUser(
            { db: tx },
            {
              userId,
              professionalName: input.professionalName,
              businessName: input.businessName,
              email: input.email,
              now,
            },
          );
          await startTrial({ db: tx }, userId, now);
          const created = { id: userId, email: input.email, name: input.professionalName };
          await queueVerificationMail(tx, created, now);
        });
      } catch (error) {
        // Two sign-ups with one e-mail at once: the unique index settles it.
        if (getSqlState(error) === SQLSTATE.UNIQUE_VIOLATION) {
          throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
        }
        throw error;
      }
    },

    /** True when the link confirmed an account; false when unknown, expired or already used. */
    async verifyEmail(token: string): Promise<boolean> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await consumeToken(tx, tokenIdentifier('verify-email', token), now);
        if (!userId) return false;
        await markEmailVerified(tx, userId, now);
        return true;
      });
    },

    /** Always answers the same, whether or not the address has an account (no enumeration). */
    async resendVerification(email: string, meta: RequestMeta): Promise<void> {
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.mailRequestIp, meta.ip),
        AUTH_LIMITS.mailRequestsPerIp,
      );
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.verificationMail, email),
        AUTH_LIMITS.verificationMailsPerAccount,
      );
      const target = await findUserByEmail(db, email);
      if (target && !target.emailVerified) await sendNewVerificationMail(target);
    },

    /**
     * better-auth checks the password and creates the session; we throttle, count and translate.
     * The account's throttle (decision 007) is skipped by the owner's recent device, which has
     * a throttle of its own; the answer never says whether the address has an account.
     */
    async signIn(input: SignInInput, meta: RequestMeta) {
      await limiter.consume(rateLimitKey(LIMIT_SCOPES.signInIp, meta.ip), AUTH_LIMITS.signInPerIp);
      const now = clock.now();
      const { secret } = await auth.$context;
      const device = await recognizedDevice(input.email, meta, secret, now);
      const throttleKey = device
        ? rateLimitKey(LIMIT_SCOPES.signInDevice, device.nonce)
        : rateLimitKey(LIMIT_SCOPES.signInAccount, input.email);
      const attempt = await claimSignInAttempt(db, throttleKey, now, SIGN_IN_THROTTLE);
      if (attempt === undefined) throw await signInThrottled(throttleKey, now);
      if (!device && attempt === SIGN_IN_THROTTLE.freeFailures) {
        await warnOwnerOfAttack(input.email, now);
      }
      try {
        const result = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: meta.headers,
          returnHeaders: true,
        });
        await clearSignInThrottle(db, throttleKey);
        const signedIn: AuthUser = {
          id: result.response.user.id,
          email: result.response.user.email,
        };
        // Suspended by an operator (features/admin): the right password opens nothing.
        if (await isSuspended({ db }, signedIn.id)) {
          await deleteSessionsOfUser(db, signedIn.id);
          throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE);
        }
        await recordSignIn(db, signedIn.id, now);
        const cookies = [
          ...result.headers.getSetCookie(),
          deviceCookie(signedIn.id, now, secret, deps.publicUrl),
        ];
        return { user: signedIn, cookies };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
          // A new link with the refusal, within the same per-address limit as "reenviar".
          const key = rateLimitKey(LIMIT_SCOPES.verificationMail, input.email);
          const target = await findUserByEmail(db, input.email);
          if (target && (await limiter.hit(key, AUTH_LIMITS.verificationMailsPerAccount))) {
            await sendNewVerificationMail(target);
          }
          throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
        }
        // The attempt was counted when claimed: a wrong password needs nothing more.
        if (error.statusCode === 401 || error.statusCode === 400) {
          throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
        }
        throw error;
      }
    },

    /** Deletes the session row (the cookie stops working everywhere) and clears the cookie. */
    async signOut(meta: RequestMeta): Promise<Headers> {
      const result = await auth.api.signOut({ headers: meta.headers, returnHeaders: true });
      return result.headers;
    },
  };
}
