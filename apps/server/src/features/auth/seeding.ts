import type { Db } from '../../db/client';
import { insertConfirmedUserUnlessPresent } from './repo';

/**
 * A fixed, already confirmed account for features/demo: sign-up's trial and confirmation
 * mail do not apply. Idempotent; answers whether the user was created now.
 */
export function ensureConfirmedAccount(
  db: Db,
  values: Parameters<typeof insertConfirmedUserUnlessPresent>[1],
): Promise<boolean> {
  return insertConfirmedUserUnlessPresent(db, values);
}
