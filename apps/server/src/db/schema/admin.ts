// Tables: the operator role and the operator's audit log (owner: features/admin).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './auth';

/**
 * Accounts that may open the operator console (/admin). Written only by `npm run admin:grant`
 * and `admin:revoke` (features/admin/cli.ts), never by an HTTP route.
 */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What operators did to an account and why. Kept when either account is deleted, the ids are not
 * references; the e-mails copied in are replaced when their account is deleted (LGPD: "Excluir
 * minha conta" leaves no e-mail of hers behind; features/admin `forgetAccountInAudit`).
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    /** In the order written: the log lists newest first even within one millisecond. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorUserId: text('operator_user_id').notNull(),
    operatorEmail: varchar('operator_email', { length: 255 }).notNull(),
    subjectUserId: text('subject_user_id').notNull(),
    subjectEmail: varchar('subject_email', { length: 255 }).notNull(),
    action: varchar('action', { length: 30 }).notNull(),
    /** Extra facts of the action, e.g. "+7 dias, até 05/12/2026". */
    detail: varchar('detail', { length: 200 }),
    reason: varchar('reason', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'operator_audit_action_valid',
      sql`${t.action} IN ('resend_confirmation', 'extend_trial', 'suspend', 'reactivate')`,
    ),
    index('operator_audit_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);
