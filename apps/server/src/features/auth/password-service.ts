import type { SecretBox } from '../../lib/secret-box';
import type {
  CalendarFeedCreated,
  ChangePasswordInput,
  ResetPasswordInput,
} from '@agendaki/shared';
import type { Professional } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { rateLimitKey } from '../../plugins/rate-limit';
import { requestMailedLink } from './mail-request-job';
import { AUTH_LIMITS, LIMIT_SCOPES } from './limits';
import {
  consumeToken,
  findCredentialPasswordHash,
  markEmailVerified,
  updateCredentialPassword,
} from './repo';
import { revokeWithOldPassword } from './password-revocation';
import type { AuthServiceDeps, RequestMeta } from './service';
import { tokenIdentifier } from './tokens';

export const INVALID_RESET_LINK_MESSAGE = 'Link inválido ou expirado. Solicite um novo.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Senha atual incorreta';

/** "Esqueci minha senha", the "Nova senha" form, and the change in Configurações > Segurança. */
export function createPasswordService(deps: AuthServiceDeps & { box: SecretBox }) {
  const { db, auth, clock, limiter } = deps;
  const hashPassword = async (password: string) => (await auth.$context).password.hash(password);

  return {
    /**
     * A single-use link valid for 1 hour, mailed by a job (mail-request-job.ts): the answer does
     * the same work for unknown addresses.
     */
    async requestReset(email: string, meta: RequestMeta): Promise<void> {
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.mailRequestIp, meta.ip),
        AUTH_LIMITS.mailRequestsPerIp,
      );
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.resetMail, email),
        AUTH_LIMITS.resetMailsPerAccount,
      );
      await requestMailedLink(deps, 'reset-password', email);
    },

    /**
     * Uses up the link, sets the password and ends every session of the user. Opening the link
     * proves the mailbox, so an unconfirmed account becomes confirmed too.
     */
    async resetPassword(input: ResetPasswordInput, meta: RequestMeta): Promise<void> {
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.resetPasswordIp, meta.ip),
        AUTH_LIMITS.resetPasswordPerIp,
      );
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const userId = await consumeToken(tx, tokenIdentifier('reset-password', input.token), now);
        if (!userId) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK_MESSAGE);
        await updateCredentialPassword(tx, userId, passwordHash, now);
        await markEmailVerified(tx, userId, now);
        await revokeWithOldPassword(tx, deps, { userId, how: 'reset' });
      });
    },

    /**
     * Checks the current password, then revokes what the old one opened; this session stays.
     * The calendar feed's new address when it was in use (shown once by Configurações).
     */
    async changePassword(
      professional: Professional,
      sessionToken: string,
      input: ChangePasswordInput,
    ): Promise<CalendarFeedCreated | null> {
      const failuresKey = rateLimitKey(LIMIT_SCOPES.changePasswordFailures, professional.userId);
      await limiter.assertBelow(failuresKey, AUTH_LIMITS.changePasswordFailuresPerUser);
      const context = await auth.$context;
      const currentHash = await findCredentialPasswordHash(db, professional.userId);
      const isCurrentRight =
        currentHash !== null &&
        (await context.password.verify({ hash: currentHash, password: input.currentPassword }));
      if (!isCurrentRight) {
        await limiter.hit(failuresKey, AUTH_LIMITS.changePasswordFailuresPerUser);
        throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await updateCredentialPassword(tx, professional.userId, passwordHash, now);
        return revokeWithOldPassword(tx, deps, {
          userId: professional.userId,
          how: 'change',
          keepSessionToken: sessionToken,
        });
      });
    },
  };
}
