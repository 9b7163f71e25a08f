// Mutations of the money protections (docs/decisions/038-money-received.md): each removes one
// protection the way a careless change would; the test named must then fail. The migration's
// file name is the branch's; the lead renumbers it at merge (update `MIGRATION` with it).
const MIGRATION = 'apps/server/drizzle/0029_money_packages_closings.sql';
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
];
