import {
  ADMIN_FORBIDDEN_MESSAGE,
  ADMIN_SEARCH_LIMIT,
  type AccountState,
  type AdminProfessional,
  type AuditEntry,
  type BillingSnapshot,
  formatIsoDate,
  getBillingAccess,
  OPERATOR_TIMEZONE,
  type SubscriptionStatus,
  zonedToday,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { recentAppointmentCountOf } from '../appointments/service';
import { accountsSubquery, endAllSessions, resendConfirmation } from '../auth/service';
import { accountProfilesOf, setSuspension } from '../profile/service';
import { extendTrial, subscriptionsOf } from '../subscription/service';
import {
  type AccountRow,
  type AccountSources,
  findAccounts,
  insertAudit,
  isOperator,
  listAudit,
  replaceAuditEmails,
} from './repo';

export { createNumbersService } from './numbers';
export {
  describeRoleChange,
  grantOperatorRole,
  revokeOperatorRole,
  type RoleChange,
} from './roles';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const AUDIT_LIMIT = 200;

/** Whether the signed-in account holds the operator role (granted by command only). */
export async function requireOperatorRole({ db }: { db: Db }, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) throw new AppError('FORBIDDEN', ADMIN_FORBIDDEN_MESSAGE);
}

export function accountSources(db: Db, now: Date): AccountSources {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  return {
    accounts: accountsSubquery({ db }),
    profiles: accountProfilesOf({ db }),
    subscriptions: subscriptionsOf({ db }),
    recentAppointments: (professionalId) => recentAppointmentCountOf({ db }, professionalId, since),
  };
}

function stateOf(row: AccountRow, now: Date): { state: AccountState | null; daysLeft: number } {
  if (row.status === null) return { state: null, daysLeft: 0 };
  const snapshot: BillingSnapshot = {
    // The subscriptions table's CHECK keeps `status` within SUBSCRIPTION_STATUSES.
    status: row.status as SubscriptionStatus,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
  };
  const access = getBillingAccess(snapshot, now);
  if (access.isActive) return { state: 'active', daysLeft: 0 };
  if (access.isTrial) return { state: 'trial', daysLeft: access.trialDaysLeft };
  if (access.status === 'trialing') return { state: 'expired', daysLeft: 0 };
  if (access.status === 'canceled') return { state: 'cancelled', daysLeft: 0 };
  return { state: 'payment_due', daysLeft: 0 };
}

function toAdminProfessional(row: AccountRow, now: Date): AdminProfessional {
  const { state, daysLeft } = stateOf(row, now);
  return {
    id: row.profileId,
    email: row.email,
    professionalName: row.professionalName,
    businessName: row.businessName,
    customLink: row.customLink,
    signedUpAt: row.signedUpAt.toISOString(),
    emailConfirmed: row.emailVerified,
    state,
    trialDaysLeft: daysLeft,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    appointmentsLast30Days: row.appointments,
    suspended: row.suspendedAt !== null,
  };
}

export async function searchProfessionals(
  { db, clock }: AdminDeps,
  search: string,
): Promise<AdminProfessional[]> {
  const now = clock.now();
  const rows = await findAccounts(db, accountSources(db, now), {
    search,
    limit: ADMIN_SEARCH_LIMIT,
  });
  return rows.map((row) => toAdminProfessional(row, now));
}

async function requireAccount(db: Db, profileId: string, now: Date): Promise<AccountRow> {
  const [row] = await findAccounts(db, accountSources(db, now), { profileId, limit: 1 });
  if (!row) throw new AppError('NOT_FOUND', 'Profissional não encontrado');
  return row;
}

export interface Operator {
  userId: string;
  email: string;
}

export type AdminAction =
  | { kind: 'resend_confirmation' }
  | { kind: 'extend_trial'; days: number }
  | { kind: 'suspend' }
  | { kind: 'reactivate' };

const DONE_MESSAGES: Record<AdminAction['kind'], string> = {
  resend_confirmation: 'Novo link de confirmação enviado.',
  extend_trial: 'Teste grátis estendido.',
  suspend: 'Conta suspensa.',
  reactivate: 'Conta reativada.',
};

/** Does the action to the account; answers the audit's detail, or throws a pt-BR 409. */
async function apply(
  deps: AdminDeps & { db: Db },
  account: AccountRow,
  action: AdminAction,
  now: Date,
): Promise<string | null> {
  const { db } = deps;
  switch (action.kind) {
    case 'resend_confirmation': {
      const outcome = await resendConfirmation(deps, account.userId, now);
      if (outcome === 'already-confirmed') {
        throw new AppError('CONFLICT', 'O e-mail desta conta já foi confirmado.');
      }
      return null;
    }
    case 'extend_trial': {
      const result = await extendTrial({ db }, account.userId, action.days, now);
      if (result.outcome === 'paying') {
        throw new AppError('CONFLICT', 'Esta conta já tem assinatura ativa.');
      }
      if (result.outcome !== 'extended') {
        throw new AppError('CONFLICT', 'Esta conta não está em período de teste.');
      }
      const until = formatIsoDate(zonedToday(result.trialEnd, OPERATOR_TIMEZONE));
      return `+${action.days} ${action.days === 1 ? 'dia' : 'dias'}, até ${until}`;
    }
    case 'suspend': {
      if (account.suspendedAt) throw new AppError('CONFLICT', 'Esta conta já está suspensa.');
      await setSuspension({ db }, account.userId, now, now);
      await endAllSessions({ db }, account.userId);
      return null;
    }
    case 'reactivate': {
      if (!account.suspendedAt) throw new AppError('CONFLICT', 'Esta conta não está suspensa.');
      await setSuspension({ db }, account.userId, null, now);
      return null;
    }
  }
}

/**
 * One operator action and its audit row, in one transaction: either both happen or neither
 * (the reason is always written with what was done).
 */
export async function runAdminAction(
  deps: AdminDeps,
  operator: Operator,
  profileId: string,
  action: AdminAction,
  reason: string,
): Promise<{ message: string; professional: AdminProfessional }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await requireAccount(tx, profileId, now);
    const detail = await apply({ ...deps, db: tx }, account, action, now);
    await insertAudit(tx, {
      operatorUserId: operator.userId,
      operatorEmail: operator.email,
      subjectUserId: account.userId,
      subjectEmail: account.email,
      action: action.kind,
      detail,
      reason,
      createdAt: now,
    });
  });
  const account = await requireAccount(deps.db, profileId, now);
  return { message: DONE_MESSAGES[action.kind], professional: toAdminProfessional(account, now) };
}

/** What the audit log shows instead of the e-mail of an account deleted since. */
export const DELETED_ACCOUNT_EMAIL = '(conta excluída)';

/**
 * "Excluir minha conta" (features/privacy): the audit rows stay, what was done and why, but her
 * e-mail leaves them, in the deletion's transaction.
 */
export async function forgetAccountInAudit({ db }: { db: Db }, userId: string): Promise<void> {
  await replaceAuditEmails(db, userId, DELETED_ACCOUNT_EMAIL);
}

export async function listAuditLog({ db }: { db: Db }): Promise<AuditEntry[]> {
  const rows = await listAudit(db, AUDIT_LIMIT);
  return rows.map((row) => ({
    id: String(row.id),
    at: row.createdAt.toISOString(),
    operatorEmail: row.operatorEmail,
    subjectEmail: row.subjectEmail,
    action: row.action as AuditEntry['action'],
    detail: row.detail,
    reason: row.reason,
  }));
}
