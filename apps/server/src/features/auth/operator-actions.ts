// What the operator console (features/admin) may do to an account through features/auth.
import type { Db } from '../../db/client';
import { accountsOf, findUserById } from './accounts-repo';
import { deleteSessionsOfUser, findUserByEmail } from './repo';
import type { AccountsOf } from './types';
import { queueVerificationMail } from './verification-mail';

/** The accounts subquery (decision 010): features/admin joins it, never the `user` table. */
export function accountsSubquery({ db }: { db: Db }): AccountsOf {
  return accountsOf(db);
}

export type ResendOutcome = 'queued' | 'already-confirmed' | 'unknown';

/**
 * A new confirmation link for an unconfirmed account, in the caller's transaction `db` (the
 * audit row and the mail commit together).
 */
export async function resendConfirmation(
  deps: { db: Db; publicUrl: string },
  userId: string,
  now: Date,
): Promise<ResendOutcome> {
  const target = await findUserById(deps.db, userId);
  if (!target) return 'unknown';
  if (target.emailVerified) return 'already-confirmed';
  await queueVerificationMail(deps.db, deps.publicUrl, target, now);
  return 'queued';
}

/** Ends every session of the account at once, on every instance (decision 015). */
export async function endAllSessions({ db }: { db: Db }, userId: string): Promise<void> {
  await deleteSessionsOfUser(db, userId);
}

/** The account of an e-mail (case-insensitive), for the grant and revoke commands. */
export async function findAccountByEmail({ db }: { db: Db }, email: string) {
  const row = await findUserByEmail(db, email);
  return row ? { id: row.id, email: row.email } : undefined;
}
