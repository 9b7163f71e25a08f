import type { Professional } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { rateLimitKey } from '../../plugins/rate-limit';
import { deleteCounters } from '../rate-limits/service';
import { DEVICE_COOKIE_NAME, serializeCookie } from './device-cookie';
import { AUTH_LIMITS, LIMIT_SCOPES } from './limits';
import { deleteUserCascade, findCredentialPasswordHash } from './repo';
import type { AuthServiceDeps, RequestMeta } from './service';
import { clearSignInThrottle } from './throttle-repo';

export const WRONG_PASSWORD_MESSAGE = 'Senha incorreta';

/** The counters that name the account by e-mail or id (plugins/rate-limit.ts hashes the names). */
function counterKeysOf(professional: Pick<Professional, 'userId' | 'email'>): string[] {
  const byEmail = [
    LIMIT_SCOPES.signUpAccount,
    LIMIT_SCOPES.verificationMail,
    LIMIT_SCOPES.resetMail,
    LIMIT_SCOPES.signInLinkMail,
  ].map((scope) => rateLimitKey(scope, professional.email));
  return [...byEmail, rateLimitKey(LIMIT_SCOPES.changePasswordFailures, professional.userId)];
}

/**
 * The accounts side of "Excluir minha conta" (docs/decisions/012-lgpd.md): the password typed
 * again, and the user's own rows gone. features/privacy runs the whole deletion.
 */
export function createAccountDeletionService(deps: AuthServiceDeps) {
  const { db, auth, limiter } = deps;
  return {
    /** The password typed again; wrong ones are counted like a password change's. */
    async verifyPassword(professional: Professional, password: string): Promise<void> {
      const failuresKey = rateLimitKey(LIMIT_SCOPES.changePasswordFailures, professional.userId);
      await limiter.assertBelow(failuresKey, AUTH_LIMITS.changePasswordFailuresPerUser);
      const hash = await findCredentialPasswordHash(db, professional.userId);
      const context = await auth.$context;
      const isRight = hash !== null && (await context.password.verify({ hash, password }));
      if (!isRight) {
        await limiter.hit(failuresKey, AUTH_LIMITS.changePasswordFailuresPerUser);
        throw new AppError('BAD_REQUEST', WRONG_PASSWORD_MESSAGE);
      }
    },

    /**
     * Deletes the user with every session (so every device is signed out at once), credential,
     * token, throttle and counter that names them. Pass the deletion's transaction as `db`.
     */
    async deleteUser(
      { db: tx }: Pick<AuthServiceDeps, 'db'>,
      professional: Pick<Professional, 'userId' | 'email'>,
    ): Promise<void> {
      await clearSignInThrottle(tx, rateLimitKey(LIMIT_SCOPES.signInAccount, professional.email));
      await deleteCounters({ db: tx }, counterKeysOf(professional));
      await deleteUserCascade(tx, professional.userId);
    },

    /** Set-Cookie headers that clear this browser's session and trusted-device cookies. */
    async clearCookies(meta: RequestMeta): Promise<string[]> {
      const result = await auth.api
        .signOut({ headers: meta.headers, returnHeaders: true })
        .catch(() => undefined);
      const cleared = result?.headers.getSetCookie() ?? [];
      const secure = deps.publicUrl.startsWith('https://');
      return [...cleared, serializeCookie(DEVICE_COOKIE_NAME, '', { maxAgeSeconds: 0, secure })];
    },
  };
}

export { counterKeysOf as accountCounterKeys };
