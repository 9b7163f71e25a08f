// Mutations of the money protections (docs/decisions/038-money-received.md): each removes one
// protection the way a careless change would; the test named must then fail. The migration's
// file name is the branch's; the lead renumbers it at merge (update `MIGRATION` with it).
const MIGRATION = 'apps/server/drizzle/0029_money_packages_closings.sql';
// The guards of a closed appointment and of a client with money (issue 49's audit).
const GUARDS = 'apps/server/drizzle/0035_closed_appointments_guard.sql';
// Real races, held behind a row lock: they run on PostgreSQL only (set TEST_DATABASE_URL).
const PG_ONLY = ' (PostgreSQL: TEST_DATABASE_URL)';
const server = (file) => ({ kind: 'server', file: `apps/server/test/${file}` });

export default [
  {
    name: 'money-package-balance-check-off',
    protection: 'the database refuses a session below zero (two uses of the last one: one wins)',
    file: MIGRATION,
    find: `CONSTRAINT "client_packages_sessions_left_range" CHECK ("client_packages"."sessions_left" >= 0 AND "client_packages"."sessions_left" <= "client_packages"."sessions_total")`,
    replace: `CONSTRAINT "client_packages_sessions_left_range" CHECK (true)`,
    test: server('money-packages.test.ts'),
  },
  {
    name: 'money-package-session-not-returned-on-cancel',
    protection: 'a cancelled appointment gives its session back, whoever cancels it',
    file: MIGRATION,
    find: `FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')`,
    replace: `FOR EACH ROW WHEN (false)`,
    test: server('money-packages.test.ts'),
  },
  {
    name: 'money-package-expires-twice',
    protection: 'the expiry job writes off the sessions once (retries, two instances)',
    file: 'apps/server/src/features/packages/repo.ts',
    find: `        eq(clientPackages.id, id),
        isNull(clientPackages.expiredAt),`,
    replace: `        eq(clientPackages.id, id),`,
    test: server('money-packages.test.ts'),
  },
  {
    name: 'money-closing-twice',
    protection: 'one closed closing per appointment: a closed one is never rewritten silently',
    file: MIGRATION,
    find: `CREATE UNIQUE INDEX "closings_one_closed_per_appointment"`,
    replace: `CREATE INDEX "closings_one_closed_per_appointment"`,
    test: server('money-closing.test.ts'),
  },
  {
    name: 'money-closing-overpaid',
    protection: 'payments above the total are refused',
    file: 'apps/server/src/features/payments/closing.ts',
    find: `if (paidCents > totalCents) throw`,
    replace: `if (paidCents < 0) throw`,
    test: server('money-refusals.test.ts'),
  },
  {
    name: 'money-settle-above-owed',
    protection: 'a later payment is at most what stays open',
    file: 'apps/server/src/features/payments/service.ts',
    find: `if (input.amountCents > owed) {`,
    replace: `if (input.amountCents < 0) {`,
    test: server('money-closing.test.ts'),
  },
  {
    name: 'money-closing-other-professional',
    protection: "another professional's closing is not found",
    file: 'apps/server/src/features/payments/repo.ts',
    find: `    .from(closings)
    .where(and(eq(closings.professionalId, professionalId), eq(closings.id, id)));`,
    replace: `    .from(closings)
    .where(eq(closings.id, id));`,
    test: server('money-refusals.test.ts'),
  },
  {
    name: 'money-package-other-client',
    protection: "a session is used only for the package's own client",
    file: 'apps/server/src/features/packages/service.ts',
    find: `if (pkg.clientId !== appointment.clientId) {`,
    replace: `if (pkg.clientId === '') {`,
    test: server('money-packages-rules.test.ts'),
  },
  {
    name: 'money-ledger-editable',
    protection: 'the package ledger is append-only: an entry is never changed',
    file: MIGRATION,
    find: `CREATE TRIGGER package_ledger_append_only BEFORE UPDATE ON package_ledger
  FOR EACH ROW EXECUTE FUNCTION`,
    replace: `CREATE TRIGGER package_ledger_append_only BEFORE UPDATE ON package_ledger
  FOR EACH ROW WHEN (false) EXECUTE FUNCTION`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-package-session-not-returned-on-delete',
    protection: 'a deleted appointment gives its session back',
    file: MIGRATION,
    find: `CREATE TRIGGER appointments_package_return_on_delete BEFORE DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION`,
    replace: `CREATE TRIGGER appointments_package_return_on_delete BEFORE DELETE ON appointments
  FOR EACH ROW WHEN (false) EXECUTE FUNCTION`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-package-used-after-validity',
    protection: 'a session is refused after the last valid day, even before the expiry job runs',
    file: 'apps/server/src/features/packages/service.ts',
    find: `if (pkg.expiredAt || pkg.expiresOn < today) {`,
    replace: `if (pkg.expiredAt) {`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-package-wrong-service',
    protection: 'a session is used only on a service the package covers',
    file: 'apps/server/src/features/packages/service.ts',
    find: `if (!covered?.some((id) => wanted.includes(id))) {`,
    replace: `if (Math.random() < 0) {`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-deposit-above-received',
    protection: "a 'Sinal já pago' is at most the booking's received sinal not yet used",
    file: 'apps/server/src/features/payments/closing.ts',
    find: `if (deposit > 0 && deposit > (await availableDepositCents(db, pro, appointment))) {`,
    replace: `if (Math.random() < 0) {`,
    test: server('money-refusals.test.ts'),
  },
  {
    name: 'money-settle-no-row-lock',
    protection:
      'two later payments of one fiado racing: the second waits and finds it paid' + PG_ONLY,
    file: 'apps/server/src/features/payments/repo.ts',
    find: `        eq(closings.status, 'closed'),
      ),
    )
    .for('update');`,
    replace: `        eq(closings.status, 'closed'),
      ),
    );`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-package-sale-overpaid',
    protection: "a package sale's payments are at most its price",
    file: 'apps/server/src/features/payments/service.ts',
    find: `if (paid > sold.priceCents) throw`,
    replace: `if (paid < 0) throw`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-erasure-drops-amounts',
    protection: "a client's erasure keeps every amount (the professional's accounting)",
    file: 'apps/server/src/features/payments/repo/figures.ts',
    find: `  await db
    .update(closings)
    .set({ reopenReason: 'Motivo removido (dados pessoais excluídos)' })`,
    replace: `  await db
    .delete(payments)
    .where(and(eq(payments.professionalId, professionalId), eq(payments.clientId, clientId)));
  await db
    .update(closings)
    .set({ reopenReason: 'Motivo removido (dados pessoais excluídos)' })`,
    test: server('money-packages-rules.test.ts'),
  },
  {
    name: 'money-two-sessions-per-closing',
    protection: 'a closing is paid with at most one package session',
    file: 'apps/server/src/features/payments/closing.ts',
    find: `if (sessions.length > 1) {`,
    replace: `if (sessions.length > 99) {`,
    test: server('money-package-limits.test.ts'),
  },
  {
    name: 'money-closed-appointment-changed',
    protection: 'a closed appointment is not changed or cancelled before "Reabrir" (database)',
    file: GUARDS,
    find: `IF (TG_OP = 'UPDATE' OR pg_trigger_depth() = 1)`,
    replace: `IF (TG_OP = 'DELETE' AND pg_trigger_depth() = 1)`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-closed-appointment-deleted',
    protection: 'a closed appointment is not deleted (with its payments) before "Reabrir"',
    file: GUARDS,
    find: `IF (TG_OP = 'UPDATE' OR pg_trigger_depth() = 1)`,
    replace: `IF (TG_OP = 'UPDATE')`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-closed-session-given-back',
    protection: "a closed appointment's package session is neither used nor given back",
    file: GUARDS,
    find: `IF pg_trigger_depth() = 1 AND agendaki_is_closed(use.professional_id, use.appointment_id) THEN`,
    replace: `IF false AND agendaki_is_closed(use.professional_id, use.appointment_id) THEN`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-client-with-money-deleted',
    protection: 'a client with payments or packages is erased (amounts kept), never deleted',
    file: GUARDS,
    find: `IF pg_trigger_depth() = 1 AND (
       EXISTS (SELECT 1 FROM closings c`,
    replace: `IF false AND (
       EXISTS (SELECT 1 FROM closings c`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-account-deletion-blocked-by-closings',
    protection: "an account's deletion removes its closings first, so its closed appointments go",
    file: 'apps/server/src/features/privacy/service.ts',
    find: `    await deleteAllClosings({ db: tx }, profileId);
    await deleteAllAppointments({ db: tx }, profileId);`,
    replace: `    await deleteAllAppointments({ db: tx }, profileId);
    await deleteAllClosings({ db: tx }, profileId);`,
    test: server('privacy.test.ts'),
  },
  {
    name: 'money-session-on-cancelled',
    protection: 'a package session is not used on a cancelled or no-show appointment',
    file: 'apps/server/src/features/packages/service.ts',
    find: `if (SESSIONLESS.has(appointment.status)) {`,
    replace: `if (Math.random() < 0) {`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-session-no-appointment-lock',
    protection: 'a session use holds the appointment: a racing cancel cannot lose it' + PG_ONLY,
    file: 'apps/server/src/features/appointments/repo/writes.ts',
    find: `.where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))
    .for('update');`,
    replace: `.where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)));`,
    test: server('money-packages.test.ts'),
  },
  {
    name: 'money-reopen-keeps-session',
    protection: 'reopening gives back the session the closing was paid with',
    file: 'apps/server/src/features/payments/closing.ts',
    find: `if (paidWith.some((p) => p.method === 'package' && p.voidedAt === null)) {`,
    replace: `if (Math.random() < 0 && paidWith.length > 0) {`,
    test: server('money-closed-guard.test.ts'),
  },
  {
    name: 'money-cash-owed-today-only',
    protection: "Caixa do dia's em aberto counts older fiado still owed, not only the day's",
    file: 'apps/server/src/features/payments/repo/day.ts',
    find: `lte(closings.closedOn, day),`,
    replace: `eq(closings.closedOn, day),`,
    test: server('money-closing.test.ts'),
  },
];
