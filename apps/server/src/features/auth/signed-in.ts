import type { Db } from '../../db/client';
import type { SignedIn } from '../../plugins/auth';
import { profileOfUser } from '../profile/service';
import { billingOfUser, hasAccessAt } from '../subscription/service';
import { prepareSignedInLookup } from './repo';

/**
 * The auth plugin's one lookup per authenticated request (docs/decisions/015): the session of a
 * token with its user's id and e-mail, profile and subscription state, read in one statement
 * every time, so a session ended anywhere (sign-out, password change, account deletion, on any
 * instance) is refused by the very next request, with no cache to invalidate.
 */
export function createSignedInLookup(db: Db): (token: string) => Promise<SignedIn | undefined> {
  const lookup = prepareSignedInLookup(db, {
    profile: profileOfUser({ db }),
    billing: billingOfUser({ db }),
  });
  return async (token) => {
    const [row] = await lookup.execute({ token });
    if (!row) return undefined;
    const billing = {
      status: row.status,
      trialEnd: row.trialEnd,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
    };
    return {
      sessionToken: row.token,
      expiresAt: row.expiresAt,
      user: { id: row.userId, email: row.email },
      profile:
        row.profileId !== null && row.timezone !== null
          ? { id: row.profileId, timezone: row.timezone }
          : null,
      hasAccess: (now) => hasAccessAt(billing, now),
    };
  };
}
