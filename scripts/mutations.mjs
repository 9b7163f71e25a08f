// Mutation check of the attack, concurrency and fault tests (`npm run test:mutations`; not part
// of `npm test`). Issue 7: those tests must pass, and must FAIL when the protection they test is
// removed. Each mutation below removes one protection with a small textual edit of one file,
// runs the one test file meant to notice, expects it to fail, and restores the file (always:
// also on errors and Ctrl-C). Ends with a table and exits non-zero when a mutation was missed,
// a find string no longer matches exactly once, a mutated file no longer typechecks, or a test
// does not pass without its mutation (baseline).
//
//   npm run test:mutations                       every mutation (~11 min; ~8 with TEST_DATABASE_URL)
//   npm run test:mutations -- --only=csrf,pool   mutations whose name contains a word
//   npm run test:mutations -- --list             the mutations, nothing run
//   npm run test:mutations -- --no-baseline      skip the unmutated runs of each test
//   npm run test:mutations -- --check            only check that each mutation applies and compiles
//   npm run test:mutations -- --verbose          stream the test output (default: a log file)
//
// Server tests run on what TEST_DATABASE_URL says (PGlite when unset); the PostgreSQL-only fault
// tests always run on PostgreSQL: TEST_DATABASE_URL, else CI_POSTGRES_URL, else the local one.
// Logs: .test-reports/mutations/<mutation>.log. If this process is killed with SIGKILL, a file
// may stay mutated: `git checkout -- <file>` restores it (the script refuses to start on
// changed files, so HEAD is the original).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const reportsDir = path.join(root, '.test-reports', 'mutations');
const vitestBin = path.join(root, 'node_modules', '.bin', 'vitest');
const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ||
  process.env.CI_POSTGRES_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
/** A safety net only: vitest's own timeouts end a stuck test long before. */
const RUN_TIMEOUT_MS = 15 * 60_000;

// ------------------------------------------------------------------ the tests

/** An integration/attack test of the server project (`vitest run --project server <file>`). */
const serverTest = (file) => ({ kind: 'server', file: `apps/server/test/${file}` });
/** A fault test (`vitest run -c apps/server/vitest.faults.config.ts <file>`). */
const faultTest = (file, options = {}) => ({
  kind: 'fault',
  file: `apps/server/test/faults/${file}`,
  postgres: options.postgres ?? false,
});

const ROUTE_AUTH = serverTest('attacks/route-auth.test.ts');
const CSRF = serverTest('attacks/csrf.test.ts');
const BRUTE_FORCE = serverTest('attacks/brute-force.test.ts');
const HEADERS = serverTest('attacks/headers.test.ts');
const UPLOAD_HEADERS = serverTest('attacks/upload-headers.test.ts');
const FUZZ = serverTest('attacks/fuzz-public.test.ts');
const FUZZ_CONTENT_TYPES = serverTest('attacks/fuzz-content-types.test.ts');
const FOUNDATION = serverTest('foundation-api.test.ts');
const PROFILE_LINK = serverTest('profile-link.test.ts');
const BOOKING_HTML = serverTest('booking-html.test.ts');
const INVISIBLE_TEXT = serverTest('invisible-text.test.ts');
const CONCURRENCY = serverTest('booking-concurrency.test.ts');
const BOOKING_CREATE = serverTest('booking-create.test.ts');
const BOOKING_LIMITS = serverTest('booking-rate-limits.test.ts');
const PREPARED_READS = serverTest('prepared-reads.test.ts');
const MAIL = serverTest('mail.test.ts');
const SERVICE_IMAGES = serverTest('workspace-service-images.test.ts');
const BOOKING_GATES = serverTest('attacks/booking-gates.test.ts');
const SMTP_OUTAGE = faultTest('smtp-outage.fault.ts');
const BOOKING_INTERRUPTED = faultTest('booking-interrupted.fault.ts');
const POSTGRES_RESTART = faultTest('postgres-restart.fault.ts', { postgres: true });
const TWO_INSTANCES = faultTest('two-instances.fault.ts', { postgres: true });

// ------------------------------------------------------------------ the mutations

/**
 * `find` must occur exactly once in `file`; it is replaced by `replace`. Each mutation is the
 * protection removed the way a careless change would remove it, and still typechecks. A
 * protection held in two layers lists the second in `also` (same shape): one layer alone
 * removed proves nothing while the other holds.
 */
const MUTATIONS = [
  {
    name: 'csrf-origin-check-off',
    protection: 'CSRF: cross-origin state-changing /api requests refused (plugins/origin-check)',
    file: 'apps/server/src/plugins/origin-check.ts',
    find: 'if (isCrossOrigin(request, allowed)) {',
    replace: 'if (false && isCrossOrigin(request, allowed)) {',
    test: CSRF,
  },
  {
    name: 'csrf-fetch-metadata-ignored',
    protection: 'CSRF without Origin: Sec-Fetch-Site: cross-site refused',
    file: 'apps/server/src/plugins/origin-check.ts',
    find: "return request.headers['sec-fetch-site'] === 'cross-site';",
    replace: 'return false;',
    test: CSRF,
  },
  {
    name: 'ownership-clients-update',
    protection: 'PATCH /api/clients/:id scoped by professional_id',
    file: 'apps/server/src/features/clients/repo.ts',
    find: `.set({ ...values, updatedAt: now })
    .where(and(eq(clients.id, id), eq(clients.professionalId, professionalId)))`,
    replace: `.set({ ...values, updatedAt: now })
    .where(eq(clients.id, id))`,
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-appointments-read',
    protection: 'GET /api/appointments/:id scoped by professional_id',
    file: 'apps/server/src/features/appointments/repo.ts',
    find: `selectJoined(db, directories).where(
    and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)),`,
    replace: `selectJoined(db, directories).where(
    eq(appointments.id, id),`,
    // The second layer: the client and service directories are the professional's own, so a
    // foreign appointment would not join them either.
    also: [
      {
        file: 'apps/server/src/features/clients/repo.ts',
        find: `.from(clients)
    .where(eq(clients.professionalId, professionalId))
    .as('client');`,
        replace: `.from(clients)
    .as('client');`,
      },
      {
        file: 'apps/server/src/features/services/repo.ts',
        find: `.from(services)
    .where(eq(services.professionalId, professionalId))
    .as('service');`,
        replace: `.from(services)
    .as('service');`,
      },
    ],
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-appointments-delete',
    protection: 'DELETE /api/appointments/:id scoped by professional_id',
    file: 'apps/server/src/features/appointments/repo.ts',
    find: `.delete(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.professionalId, professionalId)))`,
    replace: `.delete(appointments)
    .where(eq(appointments.id, id))`,
    test: ROUTE_AUTH,
  },
  {
    name: 'ownership-services-update',
    protection: 'PATCH /api/services/:id scoped by professional_id',
    file: 'apps/server/src/features/services/repo.ts',
    find: `.set({ ...values, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)))`,
    replace: `.set({ ...values, updatedAt: now })
    .where(eq(services.id, id))`,
    test: ROUTE_AUTH,
  },
  {
    // Every handler also calls request.getProfessional(), which throws the same 401: without
    // the hook, an anonymous request is validated before it is refused, and answers 400.
    name: 'auth-prehandler-removed',
    protection: 'POST /api/auth/change-password requires a session (onRequest hook)',
    file: 'apps/server/src/features/auth/routes.ts',
    find: `      onRequest: app.requireProfessional,
      schema: { body: changePasswordSchema,`,
    replace: `      schema: { body: changePasswordSchema,`,
    test: ROUTE_AUTH,
  },
  {
    name: 'login-ip-limit-removed',
    protection: 'sign-in burst limit per address',
    file: 'apps/server/src/features/auth/service.ts',
    find: 'await limiter.consume(rateLimitKey(LIMIT_SCOPES.signInIp, meta.ip), AUTH_LIMITS.signInPerIp);',
    replace: '// (mutation) no sign-in limit per address',
    test: BRUTE_FORCE,
  },
  {
    name: 'login-account-throttle-removed',
    protection: 'sign-in throttle per account (guessing from many addresses, decision 007)',
    file: 'apps/server/src/features/auth/service.ts',
    find: 'if (attempt === undefined) throw await signInThrottled(throttleKey, now);',
    replace: '// (mutation) no throttle per account',
    test: BRUTE_FORCE,
  },
  {
    name: 'helmet-removed',
    protection: 'security headers (helmet, CSP) on every answer',
    file: 'apps/server/src/app.ts',
    find: `  registerSecurityHeaders(app, securityHeaders);
`,
    replace: '',
    test: HEADERS,
  },
  {
    name: 'csp-frame-ancestors-removed',
    protection: "clickjacking: CSP frame-ancestors 'none'",
    file: 'apps/server/src/plugins/security.ts',
    find: `        frameAncestors: ["'none'"],
`,
    replace: '',
    test: HEADERS,
  },
  {
    name: 'upload-nosniff-removed',
    protection: 'uploaded files served with X-Content-Type-Options: nosniff by their own route',
    file: 'apps/server/src/features/storage/routes.ts',
    find: `
        .header('X-Content-Type-Options', 'nosniff')`,
    replace: '',
    // headers.test.ts cannot see it: helmet adds nosniff to every answer of the full app.
    test: UPLOAD_HEADERS,
  },
  {
    name: 'upload-sandbox-csp-removed',
    protection: "uploaded files served with CSP default-src 'none'; sandbox",
    file: 'apps/server/src/features/storage/routes.ts',
    find: `
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")`,
    replace: '',
    test: HEADERS,
  },
  {
    name: 'upload-path-check-removed',
    protection: 'GET /uploads/:name serves only stored names, never a path outside the folder',
    file: 'apps/server/src/features/storage/routes.ts',
    find: 'if (!STORED_NAME_PATTERN.test(name)) return sendApiNotFound(reply);',
    replace: 'if (false && !STORED_NAME_PATTERN.test(name)) return sendApiNotFound(reply);',
    // headers.test.ts asks for names outside the folder too, but none of them exists there.
    test: UPLOAD_HEADERS,
  },
  {
    name: 'csrf-origin-prefix-match',
    protection: 'CSRF: the Origin compared exactly, not by prefix (lookalike hosts)',
    file: 'apps/server/src/plugins/origin-check.ts',
    find: 'if (origin !== undefined) return !allowed.has(origin);',
    replace:
      'if (origin !== undefined) return ![...allowed].some((ours) => origin.startsWith(ours));',
    test: CSRF,
  },
  {
    name: 'upload-type-detection-bypassed',
    protection: 'image type decided from the bytes; anything else refused',
    file: 'apps/server/src/features/services/service.ts',
    find: 'if (!detectImageType(data)) throw refuse();',
    replace: 'void detectImageType;',
    test: SERVICE_IMAGES,
  },
  {
    name: 'no-overlap-constraint-removed',
    protection:
      'the EXCLUDE constraint of occupied_times refusing overlapping live appointments and blocks',
    file: 'apps/server/drizzle/0011_real_week.sql',
    find: `tsrange("starts_at", "ends_at", '[)') WITH &&);`,
    replace: `tsrange("starts_at", "ends_at", '[)') WITH &&) WHERE (false);`,
    test: CONCURRENCY,
  },
  {
    name: 'no-overlap-constraint-removed (2 instances)',
    protection: 'the EXCLUDE constraint, with two server processes on one PostgreSQL',
    file: 'apps/server/drizzle/0011_real_week.sql',
    find: `tsrange("starts_at", "ends_at", '[)') WITH &&);`,
    replace: `tsrange("starts_at", "ends_at", '[)') WITH &&) WHERE (false);`,
    test: TWO_INSTANCES,
  },
  {
    name: 'occupied-time-lock-removed',
    protection:
      "migration 0016: the writers of one professional's occupied times queue, so crossing bookings never deadlock",
    file: 'apps/server/drizzle/0016_serialize_occupied_times.sql',
    find: 'PERFORM pg_advisory_xact_lock(',
    replace: '-- PERFORM pg_advisory_xact_lock(',
    test: serverTest('no-overlap.test.ts'),
  },
  {
    name: 'change-notice-update-reads-new-rows-only',
    protection:
      "migration 0022: an update's change notices name the professionals of its old rows too (a row moved to another professional changes both)",
    file: 'apps/server/drizzle/0022_static_change_notices.sql',
    find: 'UNION SELECT o.professional_id::text FROM agendaki_old_rows o',
    replace: 'UNION SELECT n.professional_id::text FROM agendaki_new_rows n',
    test: serverTest('change-notices.test.ts'),
  },
  {
    name: 'deposit-settled-unconditionally',
    protection:
      'Pix sinal: confirmation and expiry change only a pending deposit, so racing they give one outcome',
    file: 'apps/server/src/features/deposits/repo.ts',
    find: "        eq(deposits.status, 'pending'),\n      ),\n    )\n    .returning({ id: deposits.id });",
    replace: '      ),\n    )\n    .returning({ id: deposits.id });',
    test: serverTest('deposits.test.ts'),
  },
  {
    name: 'slot-taken-mapping-removed',
    protection: 'booking: 23P01 from the constraint answered 409 SLOT_TAKEN',
    file: 'apps/server/src/features/booking/service.ts',
    find: 'if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {',
    replace: 'if (state === SQLSTATE.DEADLOCK_DETECTED) {',
    test: CONCURRENCY,
  },
  {
    name: 'idempotency-claim-removed',
    protection: "booking: the client's idempotency key claimed, a resend answered alike",
    file: 'apps/server/src/features/booking/service.ts',
    find: '{ idempotencyKey: input.idempotencyKey, requestFingerprint },',
    replace: '{ idempotencyKey: crypto.randomUUID(), requestFingerprint },',
    test: CONCURRENCY,
  },
  {
    name: 'idempotency-fingerprint-ignored',
    protection:
      'booking: a used idempotency key with another request answers 422, not the first booking',
    file: 'apps/server/src/features/booking/service.ts',
    find: 'if (stored.requestFingerprint !== requestFingerprint) {',
    replace: 'if (stored.requestFingerprint !== stored.requestFingerprint) {',
    test: BOOKING_CREATE,
  },
  {
    name: 'per-professional-limit-keyed-by-address-only',
    protection: 'booking: attempts counted per address AND professional (carrier-grade NAT)',
    file: 'apps/server/src/features/booking/routes.ts',
    find: 'visitorKey(request.ip, requestedProfessional(request.body)),',
    replace: "visitorKey(request.ip, ''),",
    test: BOOKING_LIMITS,
  },
  {
    name: 'per-professional-booked-minutes-limit-removed',
    protection: "booking: an address books at most 12 h of one professional's time a day",
    file: 'apps/server/src/features/booking/service.ts',
    find: 'bookedMinutes.check(await writes.sendReturning(tx, bookedMinutes.write));',
    replace: 'await writes.send(tx);',
    test: BOOKING_LIMITS,
  },
  {
    name: 'booking-retry-writes-client',
    protection:
      "booking: a retried key writes no client (the claim's statement writes it once claimed)",
    file: 'apps/server/src/features/booking/repo.ts',
    find: 'export const WHEN_CLAIMED = sql`EXISTS (SELECT 1 FROM claimed)`;',
    replace: 'export const WHEN_CLAIMED = sql`true`;',
    test: BOOKING_CREATE,
  },
  {
    name: 'prepared-no-shows-frozen',
    protection:
      "client list: the no-shows' professional is bound per request, not built into the prepared statement",
    file: 'apps/server/src/features/clients/routes.ts',
    find: 'noShowCountOf(deps, professional, clientId)',
    replace: 'noShowCountOf(deps, professionalId, clientId)',
    test: PREPARED_READS,
  },
  {
    name: 'prepared-agenda-directories-frozen',
    protection:
      "agenda: the clients' and services' professional is bound per request, not built into the prepared statement",
    file: 'apps/server/src/features/appointments/service.ts',
    find: 'directoriesOf(db, professionalId), {',
    replace: 'directoriesOf(db, profileId), {',
    test: PREPARED_READS,
  },
  {
    name: 'shaped-store-response-frozen',
    protection:
      "booking: the stored answer's booking is bound per booking, not built into the write built once",
    file: 'apps/server/src/features/booking/repo.ts',
    find: "eq(bookingRequests.id, bind<string>('bookingId'))",
    replace: 'eq(bookingRequests.id, bookingId)',
    test: BOOKING_CREATE,
  },
  {
    name: 'shaped-appointments-frozen',
    protection:
      "booking: the appointments' professional is bound per booking, not built into the write built once",
    file: 'apps/server/src/features/appointments/repo.ts',
    find: "professionalId: bind<string>('professionalId'),",
    replace: 'professionalId,',
    test: BOOKING_CREATE,
  },
  {
    name: 'shaped-manage-link-frozen',
    protection:
      "booking: the manage link's token is bound per booking, not built into the write built once",
    file: 'apps/server/src/features/manage/repo.ts',
    find: "tokenHash: bind<string>('tokenHash'),",
    replace: 'tokenHash: values.tokenHash,',
    test: serverTest('manage-link.test.ts'),
  },
  {
    name: 'shaped-claim-lock-frozen',
    protection:
      "booking: the lock's professional is bound per booking, not built into the claim built once",
    file: 'apps/server/src/features/public-profile/service.ts',
    find: "(bind) => professionalLockQuery({ db }, bind<string>('professionalId'), mode),",
    replace: '() => professionalLockQuery({ db }, catalog.profile.id, mode),',
    test: BOOKING_CREATE,
  },
  {
    name: 'shaped-client-email-frozen',
    protection:
      "booking: the client's e-mail is bound per booking, not built into the claim built once",
    file: 'apps/server/src/features/clients/repo.ts',
    find: '.where(and(eq(clients.professionalId, professional), hasEmail(email)))',
    replace: '.where(and(eq(clients.professionalId, professional), hasEmail(values.email)))',
    test: serverTest('booking-statements.test.ts'),
  },
  {
    name: 'zod-errors-500',
    protection: 'error handler: invalid input is a 400, never a 5xx',
    file: 'apps/server/src/plugins/errors.ts',
    find: 'let appError = toAppError(error);',
    replace:
      'let appError = hasZodFastifySchemaValidationErrors(error) ? undefined : toAppError(error);',
    test: FUZZ,
  },
  {
    name: 'outbox-no-retry',
    protection: 'mail outbox: a failed send is retried later (the job queue retries it)',
    file: 'apps/server/src/features/mail/worker.ts',
    find: 'return mail ? send(mail, job.isLastAttempt) : undefined;',
    replace: 'return mail ? send(mail, true) : undefined;',
    test: SMTP_OUTAGE,
  },
  {
    name: 'outbox-resend-after-lost-completion',
    protection: 'mail outbox: a job run again after its mail went out sends nothing (once only)',
    file: 'apps/server/src/features/mail/repo.ts',
    find: ".where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'pending')));",
    replace: '.where(inArray(mailOutbox.id, [...ids]));',
    test: MAIL,
  },
  {
    name: 'booking-not-one-transaction',
    protection: 'a booking is one transaction (all or nothing)',
    file: 'apps/server/src/features/booking/service.ts',
    find: 'const response = await deps.db.transaction((tx) => book(tx, deps, input, now, dynamic));',
    replace: 'const response = await book(deps.db, deps, input, now, dynamic);',
    // Not server-killed.fault.ts: it sees this only when the SIGKILL lands mid-booking (about
    // two runs in three); a database error forced at each step is certain.
    test: BOOKING_INTERRUPTED,
  },
  {
    name: 'booking-not-one-transaction (concurrency)',
    protection: 'a booking is one transaction: a refused booking leaves nothing behind',
    file: 'apps/server/src/features/booking/service.ts',
    find: 'const response = await deps.db.transaction((tx) => book(tx, deps, input, now, dynamic));',
    replace: 'const response = await book(deps.db, deps, input, now, dynamic);',
    test: CONCURRENCY,
  },
  {
    name: 'pg-pool-idle-error-unhandled',
    protection: "PostgreSQL pool: an idle connection's error does not kill the process",
    file: 'apps/server/src/db/client.ts',
    find: "pool.on('error', () => {});",
    replace: '// (mutation) no pool error listener',
    test: POSTGRES_RESTART,
  },
  {
    name: 'pg-client-error-unhandled',
    protection: "PostgreSQL pool: a checked-out connection's error does not kill the process",
    file: 'apps/server/src/db/client.ts',
    find: "pool.on('connect', (client) => client.on('error', () => {}));",
    replace: '// (mutation) no client error listener',
    test: POSTGRES_RESTART,
  },
  {
    name: 'pglite-turns-per-transaction-only',
    protection:
      'PGlite: the event loop turns between the statements of a transaction, so new visitors are accepted during it (decision 021)',
    file: 'apps/server/src/db/client.ts',
    find: 'override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {\n    return super._runExclusiveQuery(',
    // As before the addendum: the loop turns at the transactions' gate only.
    replace:
      'override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {\n    return super._runExclusiveTransaction(',
    test: { kind: 'server', file: 'apps/server/src/db/event-loop.test.ts' },
  },
  {
    name: 'compiled-rows-keep-missing-joins',
    protection:
      "a prepared select's compiled row mapping makes a left join's missing row null, as drizzle's does",
    file: 'apps/server/src/db/prepared.ts',
    find: "if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) {",
    replace: "if (typeof tableName === 'string' && joinsNotNullableMap[tableName] === undefined) {",
    test: { kind: 'server', file: 'apps/server/src/db/prepared.test.ts' },
  },
  {
    name: 'statement-cache-maps-rows-by-drizzle',
    protection:
      "the statements built once map their rows with the compiled mapping, not drizzle's per row",
    file: 'apps/server/src/db/prepared.ts',
    find: 'statements.set(key, mapsRowsCompiled(build()));',
    replace: 'statements.set(key, build());',
    test: { kind: 'server', file: 'apps/server/src/db/prepared.test.ts' },
  },
  {
    name: 'csrf-raw-url-prefix',
    protection: 'CSRF: every non-safe method checked, not only raw URLs starting /api/ (%61pi)',
    file: 'apps/server/src/plugins/origin-check.ts',
    find: 'if (SAFE_METHODS.has(request.method)) return;',
    replace: "if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;",
    test: CSRF,
  },
  {
    name: 'multipart-errors-500',
    protection: 'a malformed multipart body (no boundary, truncated part) is a pt-BR 400',
    file: 'apps/server/src/lib/multipart.ts',
    find: "return new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);",
    replace: 'return error;',
    test: FUZZ_CONTENT_TYPES,
  },
  {
    name: 'multipart-boundary-unchecked',
    protection:
      'a multipart Content-Type with an empty or invalid boundary is refused as malformed',
    file: 'apps/server/src/lib/multipart.ts',
    find: "if (request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {",
    replace:
      "if (false && request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {",
    test: FUZZ_CONTENT_TYPES,
  },
  {
    name: 'headers-framework-errors-missing',
    protection: 'security headers on errors raised before routing (a broken % escape)',
    file: 'apps/server/src/app.ts',
    find: 'answerFrameworkError(error, reply.headers(securityHeaders)),',
    replace: 'answerFrameworkError(error, reply),',
    test: HEADERS,
  },
  {
    name: 'headers-client-errors-missing',
    protection: "security headers on requests Node's HTTP parser refuses",
    file: 'apps/server/src/plugins/errors.ts',
    find: '...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),',
    replace: '',
    test: HEADERS,
  },
  {
    name: 'x-frame-options-sameorigin',
    protection: 'one frame policy: X-Frame-Options DENY like frame-ancestors none',
    file: 'apps/server/src/plugins/security.ts',
    find: "xFrameOptions: { action: 'deny' },",
    replace: '',
    test: HEADERS,
  },
  {
    name: 'upload-frame-ancestors-removed',
    protection: "uploaded files keep frame-ancestors 'none' in their own CSP",
    file: 'apps/server/src/features/storage/routes.ts',
    find: "\"default-src 'none'; frame-ancestors 'none'; sandbox\"",
    replace: '"default-src \'none\'; sandbox"',
    test: HEADERS,
  },
  {
    name: 'permissions-policy-removed',
    protection: 'Permissions-Policy denying camera, microphone, geolocation, payment…',
    file: 'apps/server/src/plugins/security.ts',
    find: "headers['permissions-policy'] = PERMISSIONS_POLICY;",
    replace: '',
    test: HEADERS,
  },
  {
    name: 'health-details-public',
    protection: '/api/health tells the public only its status, the database kind only the operator',
    file: 'apps/server/src/features/health/routes.ts',
    find: 'FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)',
    replace: 'true',
    test: FOUNDATION,
  },
  {
    name: 'link-uuid-shape-accepted',
    protection: 'custom link shaped like a UUID refused (shared link rule, issue 18)',
    file: 'packages/shared/src/custom-link.ts',
    find: '(value) => !looksLikeUuid(value),',
    replace: '(value) => value.length > 0,',
    test: PROFILE_LINK,
  },
  {
    name: 'link-uuid-resolved-as-link',
    protection: 'a UUID in /book and /profissional resolves only as a profile id',
    file: 'apps/server/src/features/public-profile/service.ts',
    find: "by === 'id' || isUuid(key)",
    replace: "by === 'id'",
    test: BOOKING_HTML,
  },
  {
    name: 'login-trusted-device-ignored',
    protection: "the owner's recent device gets in while the account is throttled",
    file: 'apps/server/src/features/auth/service.ts',
    find: 'const device = await recognizedDevice(input.email, meta, secret, now);',
    replace: 'const device = undefined as { nonce: string } | undefined;',
    test: BRUTE_FORCE,
  },
  {
    name: 'login-device-cookie-any-account',
    protection: 'a device cookie skips the throttle only for its own account',
    file: 'apps/server/src/features/auth/service.ts',
    find: 'return owner?.id === device.userId ? device : undefined;',
    replace: 'return device;',
    test: BRUTE_FORCE,
  },
  {
    name: 'login-device-cookie-unsigned',
    protection: 'a device cookie is honoured only with a valid signature',
    file: 'apps/server/src/features/auth/device-cookie.ts',
    find: 'if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;',
    replace: '// (mutation) signature not checked',
    test: BRUTE_FORCE,
  },
  {
    name: 'login-attack-mail-removed',
    protection: 'the owner is told by e-mail when the account is being attacked',
    file: 'apps/server/src/features/auth/service.ts',
    find: 'await warnOwnerOfAttack(input.email, now);',
    replace: '// (mutation) owner not told',
    test: BRUTE_FORCE,
  },
  {
    name: 'text-invisible-kept',
    protection: 'names and notes: invisible and control characters removed (shared/text.ts)',
    file: 'packages/shared/src/text.ts',
    find: ".replace(INVISIBLE, '')",
    replace: '.replace(INVISIBLE, (c) => c)',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-nothing-visible-accepted',
    protection: 'a name with nothing visible left is refused with the field’s message',
    file: 'packages/shared/src/text.ts',
    find: "return hasVisibleText(cleaned) ? cleaned : '';",
    replace: 'return cleaned;',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-lone-surrogate-accepted',
    protection: 'text with a lone surrogate (broken UTF-16) refused',
    file: 'packages/shared/src/text.ts',
    find: '.refine((value) => !hasLoneSurrogate(value), INVALID_TEXT_MESSAGE)',
    replace: '.refine((value) => value.length >= 0, INVALID_TEXT_MESSAGE)',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-phone-not-normalized',
    protection: 'phones stored as digits with an optional leading +',
    file: 'packages/shared/src/text.ts',
    find: "return `${value.startsWith('+') ? '+' : ''}${value.replace(/\\D/g, '')}`;",
    replace: 'return value;',
    test: INVISIBLE_TEXT,
  },
  // Issue 44, finding 2: the booking form's proof of work and e-mailed code (decision 028).
  {
    name: 'booking-gate-pow-missing-accepted',
    protection: 'a booking without a solved proof of work refused (features/booking/pow.ts)',
    file: 'apps/server/src/features/booking/pow.ts',
    find: "if (!payload) throw new AppError('POW_REQUIRED', POW_REQUIRED_MESSAGE);",
    replace: 'if (!payload) return;',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-pow-unverified',
    protection: 'a forged or tampered proof of work refused',
    file: 'apps/server/src/features/booking/pow.ts',
    find: "if (!result.verified) throw new AppError('POW_INVALID', POW_INVALID_MESSAGE);",
    replace:
      "if (false && !result.verified) throw new AppError('POW_INVALID', POW_INVALID_MESSAGE);",
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-pow-expiry-ignored',
    protection: 'a proof of work whose challenge expired refused',
    file: 'apps/server/src/features/booking/pow.ts',
    find: 'if (expiresAt <= deps.clock.now().getTime()) {',
    replace: 'if (false) {',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-pow-replay',
    protection: 'one proof of work books once (used solutions stored in the database)',
    file: 'apps/server/src/features/booking/pow.ts',
    find: "if (!unused) throw new AppError('POW_USED', POW_USED_MESSAGE);",
    replace: "if (false && !unused) throw new AppError('POW_USED', POW_USED_MESSAGE);",
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-challenge-unlimited',
    protection: 'challenges limited per address',
    file: 'apps/server/src/features/booking/routes.ts',
    find: '          BOOKING_LIMITS.challenges,',
    replace: '          { max: 1_000_000, windowMs: 1000 },',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-code-skipped',
    protection: 'with the e-mailed code on, nothing is held before the code is confirmed',
    file: 'apps/server/src/features/booking/routes.ts',
    find: 'if (catalog.profile.bookingEmailCode) {',
    replace: 'if (false) {',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-code-not-compared',
    protection: 'a wrong code books nothing',
    file: 'apps/server/src/features/booking/email-code.ts',
    find: 'if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {',
    replace: 'if (expected.length !== presented.length) {',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-code-attempts-unlimited',
    protection: 'a code allows 5 attempts, counted in one statement',
    file: 'apps/server/src/features/booking/repo.ts',
    find: 'lt(bookingCodes.attempts, maxAttempts),',
    replace: 'lt(bookingCodes.attempts, 10_000),',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-code-expiry-ignored',
    protection: 'a code expires after 10 minutes',
    file: 'apps/server/src/features/booking/email-code.ts',
    find: 'if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime()) {',
    replace: 'if (!row) {',
    test: BOOKING_GATES,
  },
  {
    name: 'booking-gate-code-confirms-unlimited',
    protection: 'codes typed limited per address',
    file: 'apps/server/src/features/booking/routes.ts',
    find: '          BOOKING_LIMITS.codeConfirms,',
    replace: '          { max: 1_000_000, windowMs: 1000 },',
    test: BOOKING_GATES,
  },
];

// ------------------------------------------------------------------ arguments

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const selected = only ? MUTATIONS.filter((m) => only.some((w) => m.name.includes(w))) : MUTATIONS;
const isVerbose = flag('verbose');
const isCheckOnly = flag('check');

const testLabel = (test) =>
  `${path.relative('apps/server/test', test.file)}${test.postgres ? ' [postgres]' : ''}`;

if (flag('list')) {
  for (const m of selected)
    console.log(`${m.name.padEnd(44)} ${testLabel(m.test).padEnd(36)} ${m.protection}`);
  process.exit(0);
}
if (selected.length === 0) {
  console.error(`Nenhuma mutação corresponde a --only=${only?.join(',')}.`);
  process.exit(1);
}

// ------------------------------------------------------------------ restoring, always

/** The files currently mutated and their original texts; written back on every way out. */
let active = [];
/** The running test's process group, ended on Ctrl-C. */
let child;

function restore() {
  for (const { abs, original } of active) fs.writeFileSync(abs, original);
  active = [];
}

function killChild(signal) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Set by Ctrl-C (or SIGTERM): the file is restored, the running test ended, nothing more runs. */
let isStopping = false;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    restore();
    if (isStopping) return;
    isStopping = true;
    console.error(`\n${signal}: arquivo restaurado; encerrando.`);
    if (!child) process.exit(130);
    killChild('SIGTERM');
    setTimeout(() => {
      killChild('SIGKILL');
      process.exit(130);
    }, 5_000).unref();
  });
}
process.on('exit', restore);
process.on('uncaughtException', (error) => {
  restore();
  killChild('SIGKILL');
  console.error(error);
  process.exit(1);
});

// ------------------------------------------------------------------ checks before starting

const files = [...new Set(selected.map((m) => m.file))];
const dirty = spawnSync('git', ['status', '--porcelain', '--', ...files], {
  cwd: root,
  encoding: 'utf8',
});
if (dirty.status !== 0) {
  console.error(`git status falhou:\n${dirty.stderr}`);
  process.exit(1);
}
if (dirty.stdout.trim()) {
  console.error(
    'Recusado: arquivos que as mutações editam têm alterações não commitadas:\n' +
      `${dirty.stdout}Faça commit, stash ou restaure-os antes (a restauração volta ao texto lido).`,
  );
  process.exit(1);
}
for (const test of new Set(selected.map((m) => m.test))) {
  if (!fs.existsSync(path.join(root, test.file))) {
    console.error(`Teste não encontrado: ${test.file}`);
    process.exit(1);
  }
}

const occurrences = (text, find) => text.split(find).length - 1;

// ------------------------------------------------------------------ typecheck of a mutated file

/**
 * The TypeScript diagnostics of one file, in a program over its tsconfig. Programs are reused
 * (only the changed file is parsed again) and only that file is checked, so a mutation costs
 * about a second after the first.
 */
const programs = new Map();
function diagnosticsOf(abs) {
  const configPath = ts.findConfigFile(path.dirname(abs), ts.sys.fileExists);
  if (!configPath) return [];
  let entry = programs.get(configPath);
  if (!entry) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    );
    const host = ts.createCompilerHost(parsed.options, true);
    const cache = new Map();
    host.getSourceFile = (fileName, languageVersion) => {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const hit = cache.get(fileName);
      if (hit && hit.text === text) return hit.sourceFile;
      const sourceFile = ts.createSourceFile(fileName, text, languageVersion, true);
      cache.set(fileName, { text, sourceFile });
      return sourceFile;
    };
    entry = { parsed, host, program: undefined };
    programs.set(configPath, entry);
  }
  entry.program = ts.createProgram({
    rootNames: entry.parsed.fileNames,
    options: entry.parsed.options,
    host: entry.host,
    oldProgram: entry.program,
  });
  const sourceFile = entry.program.getSourceFile(abs);
  if (!sourceFile) return [];
  return [
    ...entry.program.getSyntacticDiagnostics(sourceFile),
    ...entry.program.getSemanticDiagnostics(sourceFile),
  ].map((d) => {
    const { line } = d.file?.getLineAndCharacterOfPosition(d.start ?? 0) ?? { line: -1 };
    return `${path.relative(root, abs)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

// ------------------------------------------------------------------ running one test

function slug(text) {
  return text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
}

/** Runs a test file; resolves with its exit code and what vitest's JSON report says. */
function runTest(test, logName) {
  fs.mkdirSync(reportsDir, { recursive: true });
  const jsonPath = path.join(reportsDir, `${logName}.json`);
  const logPath = path.join(reportsDir, `${logName}.log`);
  fs.rmSync(jsonPath, { force: true });
  const config =
    test.kind === 'fault' ? ['-c', 'apps/server/vitest.faults.config.ts'] : ['--project', 'server'];
  const argv = [
    'run',
    ...config,
    test.file,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonPath}`,
  ];
  const env = { ...process.env };
  if (test.postgres) env.TEST_DATABASE_URL = POSTGRES_URL;
  if (!isVerbose) Object.assign(env, { NO_COLOR: '1', FORCE_COLOR: '0' });
  const log = isVerbose ? undefined : fs.openSync(logPath, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so Ctrl-C or a timeout also ends the servers a fault test started.
    child = spawn(vitestBin, argv, {
      cwd: root,
      env,
      detached: true,
      stdio: isVerbose ? 'inherit' : ['ignore', log, log],
    });
    const timer = setTimeout(() => killChild('SIGKILL'), RUN_TIMEOUT_MS);
    const finish = (code) => {
      clearTimeout(timer);
      if (isStopping) {
        restore();
        process.exit(130);
      }
      if (log !== undefined) fs.closeSync(log);
      child = undefined;
      let report;
      try {
        report = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
      } catch {
        report = undefined;
      }
      const assertions = (report?.testResults ?? []).flatMap((file) => file.assertionResults ?? []);
      resolve({
        code,
        seconds: (Date.now() - started) / 1000,
        logPath: isVerbose ? undefined : path.relative(root, logPath),
        passed: assertions.filter((a) => a.status === 'passed').length,
        failed: assertions.filter((a) => a.status === 'failed').map((a) => a.title),
        fileErrors: (report?.testResults ?? [])
          .filter((file) => file.status === 'failed' && file.message)
          .map((file) => file.message.split('\n')[0]),
      });
    };
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', () => finish(127));
  });
}

// ------------------------------------------------------------------ the run

const started = Date.now();
const rows = [];
const baselines = new Map();
const testKey = (test) => `${test.file}|${test.postgres}`;

console.log(`${selected.length} mutações; logs em ${path.relative(root, reportsDir)}/\n`);

if (!flag('no-baseline') && !isCheckOnly) {
  const tests = [...new Map(selected.map((m) => [testKey(m.test), m.test])).values()];
  console.log('Sem mutação, cada teste deve passar:');
  for (const test of tests) {
    const result = await runTest(test, `baseline-${slug(testLabel(test))}`);
    const isGreen = result.code === 0 && result.passed > 0 && result.failed.length === 0;
    baselines.set(testKey(test), isGreen);
    console.log(
      `  ${isGreen ? 'passa ' : 'FALHA '} ${testLabel(test)} (${result.seconds.toFixed(0)} s, ${result.passed} testes)` +
        (isGreen
          ? ''
          : ` — ${result.logPath ?? ''} ${result.fileErrors[0] ?? result.failed[0] ?? ''}`),
    );
  }
  console.log('');
}

for (const [index, mutation] of selected.entries()) {
  const row = { mutation, result: '', seconds: 0, detail: '' };
  rows.push(row);
  process.stdout.write(
    `[${index + 1}/${selected.length}] ${mutation.name} → ${testLabel(mutation.test)} ... `,
  );
  const edits = [mutation, ...(mutation.also ?? [])].map((edit) => {
    const abs = path.join(root, edit.file);
    const text = fs.readFileSync(abs, 'utf8');
    return { ...edit, abs, original: text, count: occurrences(text, edit.find) };
  });
  const stale = edits.find((edit) => edit.count !== 1);
  if (stale) {
    row.result = 'STALE';
    row.detail = `o texto procurado aparece ${stale.count} vezes em ${stale.file} (deve aparecer 1)`;
  } else if (baselines.get(testKey(mutation.test)) === false) {
    row.result = 'BASELINE FAILED';
    row.detail = 'o teste já falha sem a mutação: não prova nada';
  } else {
    const typed = edits.filter((edit) => /\.tsx?$/.test(edit.abs));
    const before = new Set(typed.flatMap((edit) => diagnosticsOf(edit.abs)));
    active = edits.map(({ abs, original }) => ({ abs, original }));
    try {
      for (const edit of edits) {
        fs.writeFileSync(
          edit.abs,
          edit.original.replace(edit.find, () => edit.replace),
        );
      }
      const introduced = typed
        .flatMap((edit) => diagnosticsOf(edit.abs))
        .filter((d) => !before.has(d));
      if (introduced.length > 0) {
        row.result = 'INVALID';
        row.detail = `a mutação não compila: ${introduced.join('; ')}`;
      } else if (isCheckOnly) {
        row.result = 'applies';
        row.detail = 'aplica e compila (--check: teste não executado)';
      } else {
        const result = await runTest(mutation.test, slug(mutation.name));
        row.seconds = result.seconds;
        if (result.code === 0) {
          row.result = 'MISSED';
          row.detail = `${result.passed} testes passaram com a proteção removida (${result.logPath ?? ''})`;
        } else if (result.failed.length > 0) {
          row.result = 'caught';
          row.detail = result.failed.slice(0, 2).join(' | ');
        } else {
          row.result = 'ERROR';
          row.detail = `o teste falhou sem uma asserção falhar: ${result.fileErrors[0] ?? 'sem relatório'} (${result.logPath ?? ''})`;
        }
      }
    } finally {
      restore();
    }
  }
  console.log(`${row.result}${row.seconds ? ` (${row.seconds.toFixed(0)} s)` : ''}`);
}

// ------------------------------------------------------------------ the table

const table = [
  ['mutation', 'test', 'result', 'time'],
  ...rows.map((r) => [
    r.mutation.name,
    testLabel(r.mutation.test),
    r.result,
    r.seconds ? `${r.seconds.toFixed(0)} s` : '-',
  ]),
];
const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
const format = (line) =>
  line
    .map((cell, col) => cell.padEnd(widths[col]))
    .join('  ')
    .trimEnd();
console.log(`\n${format(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const line of table.slice(1)) console.log(format(line));

console.log('\nDetalhes (os testes que falharam com cada mutação, ou o problema):');
for (const r of rows) console.log(`  ${r.mutation.name}: ${r.detail}`);

const bad = rows.filter((r) => r.result !== (isCheckOnly ? 'applies' : 'caught'));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${rows.length - bad.length} de ${rows.length} mutações ${isCheckOnly ? 'aplicam e compilam' : 'pegas'}, ` +
    `${bad.length} não (${minutes} min).`,
);
process.exit(bad.length > 0 ? 1 : 0);
