// The operator role's commands, run by the CLI or, on PGlite, by the server for the CLI.
import type { Db } from '../db/client';
import {
  describeRoleChange,
  grantOperatorRole,
  revokeOperatorRole,
} from '../features/admin/service';
import { systemClock } from '../lib/clock';
import type { ControlAnswer } from './control-socket';

/** Runs `grant` or `revoke` on a database; the server's control socket calls it too. */
export async function changeOperatorRole(
  db: Db,
  command: string,
  email: string | undefined,
): Promise<ControlAnswer> {
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    return { code: 2, message: 'Uso: npm run admin:grant -- email@exemplo.com  (ou admin:revoke)' };
  }
  const change =
    command === 'grant'
      ? await grantOperatorRole(db, email, systemClock.now())
      : await revokeOperatorRole(db, email);
  return {
    code: change.outcome === 'unknown-account' ? 1 : 0,
    message: describeRoleChange(change, email),
  };
}
