import type { SecretBox } from '../../lib/secret-box';
import { rateLimitKey } from '../../plugins/rate-limit';
import { isSuspended } from '../profile/service';
import { recordSignIn } from './accounts-repo';
import { requestMailedLink } from './mail-request-job';
import { AUTH_LIMITS, LIMIT_SCOPES } from './limits';
import { consumeToken, markEmailVerified } from './repo';
import type { AuthServiceDeps, RequestMeta } from './service';
import { createSessionCookie, deviceCookie } from './session-cookies';
import { tokenIdentifier } from './tokens';

/**
 * "Enviar link de acesso por e-mail": the way in from a new device while the account's sign-in
 * is throttled (docs/decisions/007-login-throttling.md). The link is single use, valid for 15
 * minutes, and only its hash is stored.
 */
export function createSignInLinkService(deps: AuthServiceDeps & { box: SecretBox }) {
  const { db, auth, clock, limiter } = deps;

  return {
    /**
     * Answers the same, after the same work, whether or not the address has an account: the
     * lookup and the mail are a job's (mail-request-job.ts).
     */
    async requestLink(email: string, meta: RequestMeta): Promise<void> {
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.mailRequestIp, meta.ip),
        AUTH_LIMITS.mailRequestsPerIp,
      );
      await limiter.consume(
        rateLimitKey(LIMIT_SCOPES.signInLinkMail, email),
        AUTH_LIMITS.signInLinkMailsPerAccount,
      );
      await requestMailedLink(deps, 'sign-in', email);
    },

    /**
     * Uses up the link and opens a session, with a trusted-device cookie like a password
     * sign-in. Opening it proves the mailbox, so an unconfirmed account becomes confirmed.
     * Undefined when the link is unknown, used or expired.
     */
    async signInWithLink(token: string): Promise<string[] | undefined> {
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const owner = await consumeToken(tx, tokenIdentifier('sign-in', token), now);
        if (owner) await markEmailVerified(tx, owner, now);
        return owner;
      });
      // A suspended account (features/admin) is not let in by a link either.
      if (!userId || (await isSuspended({ db }, userId))) return undefined;
      await recordSignIn(db, userId, now);
      const { secret } = await auth.$context;
      return [
        await createSessionCookie(auth, userId),
        deviceCookie(userId, now, secret, deps.publicUrl),
      ];
    },
  };
}
