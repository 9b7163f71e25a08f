// The account as the operator console sees it (features/admin): e-mail, dates, confirmation.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

/** Every account's e-mail, name, sign-up, confirmation and last sign-in, as a subquery. */
export function accountsOf(db: Db) {
  return db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      signedUpAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
    })
    .from(user)
    .as('account');
}

export async function recordSignIn(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(user).set({ lastSignInAt: now }).where(eq(user.id, userId));
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row;
}
