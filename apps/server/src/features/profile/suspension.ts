// The profile's part of the operator console (features/admin): public facts and suspension.
import type { Db } from '../../db/client';
import * as accounts from './repo/accounts';
import type { AccountProfilesOf } from './types';

type DbDeps = { db: Db };

/** Each profile's public facts and suspension, as a subquery (decision 010). */
export function accountProfilesOf({ db }: DbDeps): AccountProfilesOf {
  return accounts.accountProfilesOf(db);
}

/**
 * Suspends (a date) or reactivates (null) the account of `userId`: its page then reads as
 * paused and its sign-in is refused; nothing is deleted. Undefined: no such profile.
 */
export function setSuspension(
  { db }: DbDeps,
  userId: string,
  suspendedAt: Date | null,
  now: Date,
): Promise<string | undefined> {
  return accounts.updateSuspension(db, userId, suspendedAt, now);
}

export function isSuspended({ db }: DbDeps, userId: string): Promise<boolean> {
  return accounts.isUserSuspended(db, userId);
}
