// The operator role, granted and revoked by command (`npm run admin:grant`), never by the web.
import type { Db } from '../../db/client';
import { findAccountByEmail } from '../auth/service';
import { deleteOperator, insertOperator } from './repo';

export type RoleChange =
  | { outcome: 'granted' | 'already' | 'revoked' | 'not-operator'; email: string }
  | { outcome: 'unknown-account' };

export async function grantOperatorRole(db: Db, email: string, now: Date): Promise<RoleChange> {
  const account = await findAccountByEmail({ db }, email);
  if (!account) return { outcome: 'unknown-account' };
  const isNew = await insertOperator(db, account.id, now);
  return { outcome: isNew ? 'granted' : 'already', email: account.email };
}

export async function revokeOperatorRole(db: Db, email: string): Promise<RoleChange> {
  const account = await findAccountByEmail({ db }, email);
  if (!account) return { outcome: 'unknown-account' };
  const wasOperator = await deleteOperator(db, account.id);
  return { outcome: wasOperator ? 'revoked' : 'not-operator', email: account.email };
}

/** The command's answer, in pt-BR. */
export function describeRoleChange(change: RoleChange, email: string): string {
  switch (change.outcome) {
    case 'unknown-account':
      return `Nenhuma conta com o e-mail ${email}. A pessoa precisa se cadastrar primeiro.`;
    case 'granted':
      return `${change.email} agora é operador(a) e pode abrir /admin.`;
    case 'already':
      return `${change.email} já era operador(a).`;
    case 'revoked':
      return `${change.email} não é mais operador(a).`;
    case 'not-operator':
      return `${change.email} não era operador(a).`;
  }
}
