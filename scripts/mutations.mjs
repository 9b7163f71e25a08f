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
const IMAGE_COST = serverTest('attacks/image-decoding-cost.test.ts');
const ORPHAN_FILES = serverTest('attacks/orphan-files.test.ts');
const S3_STORAGE = serverTest('workspace-storage-s3.test.ts');
const ERASED_ON_DISK = serverTest('attacks/erased-data-on-disk.test.ts');
const FUZZ = serverTest('attacks/fuzz-public.test.ts');
const FORWARDED_ADDRESS = serverTest('attacks/forwarded-address.test.ts');
const EXTREME_DATES = serverTest('attacks/extreme-dates.test.ts');
const LOG_SECRETS = serverTest('attacks/log-secrets.test.ts');
const UNKNOWN_PAGES = serverTest('attacks/unknown-pages.test.ts');
const FUZZ_CONTENT_TYPES = serverTest('attacks/fuzz-content-types.test.ts');
const FOUNDATION = serverTest('foundation-api.test.ts');
const PROFILE_LINK = serverTest('profile-link.test.ts');
const BOOKING_HTML = serverTest('booking-html.test.ts');
const INVISIBLE_TEXT = serverTest('invisible-text.test.ts');
const BLANK_NAMES = serverTest('attacks/blank-names.test.ts');
const MAIL_LINKS = serverTest('attacks/mail-links.test.ts');
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
    file: 'apps/server/src/features/appointments/repo/page.ts',
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
    file: 'apps/server/src/features/appointments/repo/writes.ts',
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
    find: '{ idempotencyKey: input.idempotencyKey, requestFingerprint, visitorHash: visitor },',
    replace: '{ idempotencyKey: crypto.randomUUID(), requestFingerprint, visitorHash: visitor },',
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
    find: 'visitorKey(deps.ip, professional.id),\n    sumDurations(services),',
    replace: 'visitorKey(deps.ip, professional.id),\n    0,',
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
    file: 'apps/server/src/features/clients/service.ts',
    find: 'noShowCountOf(professional, clientId))',
    replace: 'noShowCountOf(professionalId, clientId))',
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
    find: 'super.transaction((tx) => callback(this.#turningInside(tx)))',
    // As before the addendum: the loop turns before a transaction only, not between its statements.
    replace: 'super.transaction(callback)',
    test: { kind: 'server', file: 'apps/server/src/db/event-loop.test.ts' },
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
    file: 'apps/server/src/features/public-profile/catalog.ts',
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
  // Issue 44, findings 2 and 5 (docs/decisions/027-booking-hold-caps.md).
  {
    name: 'holds-unconfirmed-cap-removed',
    protection: "a day's unconfirmed public bookings stop at the professional's cap",
    file: 'apps/server/src/features/booking/holds.ts',
    find: 'if (counts.unconfirmed > counts.maxUnconfirmedPerDay) {',
    replace: 'if (counts.unconfirmed < 0) {',
    test: serverTest('attacks/booking-holds.test.ts'),
  },
  {
    name: 'holds-unpaid-cap-removed',
    protection: "a day's holds awaiting the Pix sinal stop at the professional's cap",
    file: 'apps/server/src/features/booking/holds.ts',
    find: 'if (booking.unpaid && counts.unpaid > counts.maxUnpaidHoldsPerDay) {',
    replace: 'if (booking.unpaid && counts.unpaid < 0) {',
    test: serverTest('attacks/booking-holds.test.ts'),
  },
  {
    name: 'holds-expired-retaken',
    protection: 'a visitor whose holds keep expiring unpaid is refused another',
    file: 'apps/server/src/features/booking/holds.ts',
    find: 'if (booking.unpaid && counts.expired >= EXPIRED_HOLDS_PER_VISITOR) {',
    replace: 'if (booking.unpaid && counts.expired < 0) {',
    test: serverTest('attacks/booking-holds.test.ts'),
  },
  {
    name: 'holds-visitor-raw-address',
    protection: 'bursts are grouped by an HMAC of the address, never the address (LGPD)',
    file: 'apps/server/src/features/booking/holds.ts',
    find: "return createHmac('sha256', key)",
    replace: "return clientAddressKey(ip) || createHmac('sha256', key)",
    test: serverTest('booking-bursts.test.ts'),
  },
  {
    name: 'pix-charge-before-slot-check',
    protection: 'no Pix charge at the PSP for a booking whose time is not offered',
    file: 'apps/server/src/features/booking/precharge.ts',
    find: 'if (!offered.includes(input.time)) return null;',
    replace: '// (mutation) the time is not checked before the charge',
    test: serverTest('attacks/pix-charge-before-slot.test.ts'),
  },
  {
    name: 'pix-charge-wait-unbounded',
    protection: "a booking waits for the PSP's charge a bounded time, then the static code",
    file: 'apps/server/src/features/booking/precharge.ts',
    find: '      PIX_CHARGE_WAIT_MS,',
    replace: '      60_000,',
    test: serverTest('attacks/pix-charge-before-slot.test.ts'),
  },
  {
    name: 'pix-charges-uncapped',
    protection: 'dynamic Pix charges per professional and hour are capped',
    file: 'apps/server/src/features/booking/precharge.ts',
    find: 'if (!(await limiter.hit(key, PIX_CHARGES_PER_PROFESSIONAL))) return null;',
    replace: 'await limiter.hit(key, PIX_CHARGES_PER_PROFESSIONAL);',
    test: serverTest('attacks/pix-charge-before-slot.test.ts'),
  },
  // Issue 44, findings 6 and 10 (sec-mail): blank-looking names, links in mail.
  {
    name: 'text-blank-symbols-visible',
    protection: 'blank-looking symbols (U+2800, U+FFFC, U+FFFD, U+1D159…) are no visible name',
    file: 'packages/shared/src/text.ts',
    find: String.raw`/(?![\u115F\u1160\u2800\u3164\uFFA0\uFFFC\uFFFD\u{1D159}])[\p{L}\p{N}\p{P}\p{S}]/u`,
    replace: String.raw`/[\p{L}\p{N}\p{P}\p{S}]/u`,
    test: BLANK_NAMES,
  },
  {
    name: 'text-braille-blank-kept',
    protection: 'the braille blank (U+2800) becomes a plain space in names',
    file: 'packages/shared/src/text.ts',
    find: String.raw`const SPACES = /[\t\p{Zs}\u2800]/gu;`,
    replace: String.raw`const SPACES = /[\t\p{Zs}]/gu;`,
    test: BLANK_NAMES,
  },
  {
    name: 'mail-text-urls-kept',
    protection: 'mail: scheme and www. addresses in user text become "[link removido]"',
    file: 'packages/shared/src/links.ts',
    find: '.replace(URL_LIKE, LINK_REMOVED)',
    replace: '.replace(URL_LIKE, (url) => url)',
    test: MAIL_LINKS,
  },
  {
    name: 'mail-text-dots-kept',
    protection: 'mail: a zero-width space around inner dots, so no domain is linked',
    file: 'packages/shared/src/links.ts',
    find: '.replace(INNER_DOT, `${ZERO_WIDTH_SPACE}$1${ZERO_WIDTH_SPACE}`);',
    replace: ".replace(INNER_DOT, '$1');",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-booking-text-raw',
    protection: 'booking confirmation and notice: user text made inert',
    file: 'apps/server/src/features/booking/mails.ts',
    find: 'function inert(data: BookingMailData): BookingMailData {',
    replace:
      "function inert(data: BookingMailData): BookingMailData {\n  if (data.date !== '') return data;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-manage-text-raw',
    protection: 'reminder and change notices: user text made inert',
    file: 'apps/server/src/features/manage/mails.ts',
    find: 'function inert(summary: BookingSummary): BookingSummary {',
    replace:
      "function inert(summary: BookingSummary): BookingSummary {\n  if (summary.date !== '') return summary;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-deposit-text-raw',
    protection: 'sinal mails: user text made inert',
    file: 'apps/server/src/features/deposits/mails.ts',
    find: 'function inert(data: DepositMailData): DepositMailData {',
    replace:
      "function inert(data: DepositMailData): DepositMailData {\n  if (data.date !== '') return data;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-account-name-raw',
    protection: 'account mails: the name typed at sign-up made inert',
    file: 'apps/server/src/lib/mail-templates.ts',
    find: 'const greeting = `Olá, ${withoutLiveLinks(mail.greetingName)}!`;',
    replace: 'const greeting = `Olá, ${mail.greetingName}!`;',
    test: MAIL_LINKS,
  },
  {
    name: 'client-name-link-accepted',
    protection: 'a client name with a link or domain refused (booking and client forms)',
    file: 'packages/shared/src/client-schemas.ts',
    find: '.refine((value) => !containsLink(value), NAME_WITH_LINK_MESSAGE)',
    replace: '.refine((value) => value.length >= 0, NAME_WITH_LINK_MESSAGE)',
    test: MAIL_LINKS,
  },
  {
    name: 'change-notice-per-change',
    protection: 'a booking changed many times within minutes: one notice per window',
    file: 'apps/server/src/features/manage/change-notice.ts',
    find: 'const key = `${reminderKey(data.professionalId, data.bookingId)}:${window}`;',
    replace:
      'const key = `${reminderKey(data.professionalId, data.bookingId)}:${window}:${now.getTime()}`;',
    test: MAIL_LINKS,
  },
  // Issue 45, items 1-2: libraries through their public API only (docs/decisions/032).
  {
    name: 'queue-connection-binds-off-by-one',
    protection: "pg-boss's $n parameters bound by their number through drizzle's public execute",
    file: 'apps/server/src/db/queue.ts',
    find: 'sql.param(values[Number(part) - 1] ?? null)',
    replace: 'sql.param(values[Number(part.slice(0, 1)) - 1] ?? null)',
    test: { kind: 'server', file: 'apps/server/src/db/prepared.test.ts' },
  },
  {
    name: 'lint-allows-pgboss-tables',
    protection: "the lint refuses SQL on pg-boss's tables (eslint.config.js, publicApisOnly)",
    file: 'eslint.config.js',
    find: "'Literal[value=/pgboss",
    replace: "'Literal[value=/pgbossnever",
    test: serverTest('public-apis-lint.test.ts'),
  },
  // Issue 44, finding 3: the server secret outside the database (decision 029).
  {
    name: 'secret-left-in-database',
    protection: 'an old secret kept in app_settings leaves the database at start',
    file: 'apps/server/src/features/auth/server-secret.ts',
    find: '    await deleteStoredSecret(tx);',
    replace: '    // (mutation) stored secret kept',
    test: serverTest('attacks/database-copy.test.ts'),
  },
  {
    name: 'secret-postgres-not-required',
    protection: 'PostgreSQL without AUTH_SECRET refuses to start, naming the variable',
    file: 'apps/server/src/config/env.ts',
    find: "if (databaseKind === 'postgres' && !env.AUTH_SECRET) {",
    replace: "if (databaseKind === 'postgres' && env.AUTH_SECRET === 'never') {",
    test: { kind: 'server', file: 'apps/server/src/config/env.test.ts' },
  },
  {
    name: 'secret-file-world-readable',
    protection: 'the generated secret file is readable by its owner only (0600)',
    file: 'apps/server/src/features/auth/server-secret.ts',
    find: "{ mode: 0o600, flag: 'wx' }",
    replace: "{ mode: 0o644, flag: 'wx' }",
    test: serverTest('server-secret.test.ts'),
  },
  {
    name: 'secret-change-not-resealed',
    protection: 'a changed secret seals the stored credentials again with the new key',
    file: 'apps/server/src/features/auth/server-secret.ts',
    find: 'const resealed = await options.reseal(tx, stored, secret);',
    replace: 'const resealed = 0;',
    test: serverTest('server-secret.test.ts'),
  },
  {
    name: 'secret-change-sessions-kept',
    protection: 'a changed secret ends the sessions explicitly (counted in the log)',
    file: 'apps/server/src/features/auth/server-secret.ts',
    find: 'const sessionsEnded = await deleteAllSessions(tx);',
    replace: 'const sessionsEnded = 0;',
    test: serverTest('server-secret.test.ts'),
  },
  // Issue 44, finding 11: what the old password opened stops with it.
  {
    name: 'password-change-keeps-sign-in-links',
    protection: 'a password reset or change revokes the unused sign-in links',
    file: 'apps/server/src/features/auth/password-revocation.ts',
    find: "  await deleteTokensOfUser(tx, 'sign-in', userId);",
    replace: '  // (mutation) sign-in links kept',
    test: serverTest('attacks/credentials-after-password.test.ts'),
  },
  {
    name: 'password-change-keeps-reset-links',
    protection: 'a password change revokes the unused reset links',
    file: 'apps/server/src/features/auth/password-revocation.ts',
    find: "  await deleteTokensOfUser(tx, 'reset-password', userId);",
    replace: '  // (mutation) reset links kept',
    test: serverTest('attacks/credentials-after-password.test.ts'),
  },
  {
    name: 'password-change-keeps-feed',
    protection: 'a password change gives the calendar feed a new address',
    file: 'apps/server/src/features/auth/password-revocation.ts',
    find: 'created = await rotateFeedIfActive(feedDeps, profile.id);',
    replace: 'created = null;',
    test: serverTest('attacks/credentials-after-password.test.ts'),
  },
  {
    name: 'password-reset-keeps-feed',
    protection: 'a password reset turns the calendar feed off',
    file: 'apps/server/src/features/auth/password-revocation.ts',
    find: '} else if (await disableFeedIfActive(feedDeps, profile.id)) {',
    replace: '} else if (profile.id === null) {',
    test: serverTest('attacks/credentials-after-password.test.ts'),
  },
  // Issue 44, finding 12: the mailed-link requests do the same work for any address.
  {
    name: 'mail-request-lookup-in-request',
    protection:
      'forgot-password and sign-in-link answer after the same work whether the account exists',
    file: 'apps/server/src/features/auth/mail-request-job.ts',
    find: '  await sendJob(db, AUTH_MAIL_REQUEST_QUEUE, data);',
    replace:
      '  if (await findUserByEmail(db, email)) await sendJob(db, AUTH_MAIL_REQUEST_QUEUE, data);',
    test: serverTest('attacks/account-enumeration-timing.test.ts'),
  },
  // Issue 44, finding 4: image decoding cost (docs/decisions/030).
  {
    name: 'image-side-unlimited',
    protection: 'an upload wider or taller than 10,000 px refused from its header',
    file: 'apps/server/src/features/storage/images.ts',
    find: 'width > SERVICE_IMAGE_MAX_SIDE ||',
    replace: 'width > Number.MAX_SAFE_INTEGER ||',
    test: IMAGE_COST,
  },
  {
    name: 'image-jobs-unbounded',
    protection: 'uploads decoded one at a time, the others queued',
    file: 'apps/server/src/features/storage/images.ts',
    find: 'export const IMAGE_JOBS_AT_ONCE = 1;',
    replace: 'export const IMAGE_JOBS_AT_ONCE = 1000;',
    test: IMAGE_COST,
  },
  // Issue 44, finding 8: files and erased strings left behind (docs/decisions/030).
  {
    name: 'upload-displaced-files-kept',
    protection: 'an upload removes, after its commit, the files it displaced (another upload’s)',
    file: 'apps/server/src/features/services/service.ts',
    find: 'if it came first.\n  for (const url of replacement.replaced) await removeQuietly(storage, url);',
    replace: 'if it came first.',
    test: ORPHAN_FILES,
  },
  {
    name: 'orphan-sweep-skipped',
    protection: 'the hourly job removes old files that no service points at',
    file: 'apps/server/src/features/maintenance/job.ts',
    find: 'const orphans = await sweepOrphanFiles({ db, clock, storage });',
    replace: 'const orphans = storage ? 0 : await sweepOrphanFiles({ db, clock, storage });',
    test: ORPHAN_FILES,
  },
  {
    name: 'orphan-sweep-no-grace',
    protection: 'the sweep leaves files younger than an hour (an upload not yet committed)',
    file: 'apps/server/src/features/maintenance/orphan-files.ts',
    find: 'if (file.modifiedAt.getTime() > cutoff) continue;',
    replace: 'if (file.modifiedAt.getTime() > cutoff * 2) continue;',
    test: ORPHAN_FILES,
  },
  {
    name: 'erasure-not-vacuumed',
    protection: 'a client’s erasure is vacuumed after its commit',
    file: 'apps/server/src/features/privacy/service.ts',
    find: 'await scrub(deps, () => deps.scrubber.afterClientErasure());',
    replace: 'await scrub(deps, async () => {});',
    test: ERASED_ON_DISK,
  },
  {
    name: 'account-deletion-not-vacuumed',
    protection: 'an account’s deletion is vacuumed after its commit',
    file: 'apps/server/src/features/privacy/service.ts',
    find: 'await scrub(deps, () => deps.scrubber.afterAccountDeletion());',
    replace: 'await scrub(deps, async () => {});',
    test: ERASED_ON_DISK,
  },
  {
    name: 'pglite-vacuum-not-full',
    protection: 'PGlite rewrites the touched tables and their indexes (VACUUM FULL)',
    file: 'apps/server/src/db/scrub.ts',
    find: 'await db.execute(sql`VACUUM (FULL) ${names}`);',
    replace: 'await db.execute(sql`VACUUM ${names}`);',
    test: ERASED_ON_DISK,
  },
  {
    name: 'pglite-wal-recycled',
    protection: 'PGlite deletes old WAL segments instead of renaming them with their content',
    file: 'apps/server/src/db/client.ts',
    find: "await client.exec('SET wal_recycle = off');",
    replace: "await client.exec('SET wal_recycle = on');",
    test: ERASED_ON_DISK,
  },
  {
    name: 's3-orphans-not-listed',
    protection: 'the sweep lists the bucket’s stored files (ListObjectsV2)',
    file: 'apps/server/src/features/storage/s3.ts',
    find: 'yield* page.files;',
    replace: 'yield* page.files.slice(0, 0);',
    test: S3_STORAGE,
  },
  // Issue 44, item 1: only the hops of the operator's own proxies are believed.
  {
    name: 'trust-proxy-every-hop',
    protection: 'TRUST_PROXY=true believes one proxy, not the X-Forwarded-For the client wrote',
    file: 'apps/server/src/config/trust-proxy.ts',
    find: 'return (_address, hop) => hop < trust;',
    replace: 'return () => true;',
    test: FORWARDED_ADDRESS,
  },
  // Issue 44, item 9: dates and months held to years 1900-2100.
  {
    name: 'month-year-unbounded',
    protection: 'a month out of 1900-2100 (9999-12) is a 400, not a 500',
    file: 'packages/shared/src/appointment-schemas.ts',
    find: 'return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;',
    replace: 'return year >= 0;',
    test: EXTREME_DATES,
  },
  {
    name: 'date-year-unbounded',
    protection: 'a date out of 1900-2100 (9999-12-31) is a 400 wherever a date is taken',
    file: 'packages/shared/src/appointment-schemas.ts',
    find: '    year <= DATE_YEAR_MAX &&',
    replace: '    year <= 9999 &&',
    test: EXTREME_DATES,
  },
  // Issue 44, item 7: tokens in addresses never reach the logs.
  {
    name: 'log-url-token-kept',
    protection: 'request log lines carry the address with its manage/feed/e-mail token redacted',
    file: 'apps/server/src/lib/log-redaction.ts',
    find: 'url: redactSecrets(request.url),',
    replace: 'url: request.url,',
    test: LOG_SECRETS,
  },
  {
    name: 'log-error-token-kept',
    protection: 'error log lines carry messages and stacks with address tokens redacted',
    file: 'apps/server/src/lib/log-redaction.ts',
    find: 'err: serializeError,',
    replace: 'err: stdSerializers.err,',
    test: LOG_SECRETS,
  },
  // Issue 44, item 12: real 404s for unknown pages and links; cancelled bookings' .ics.
  {
    name: 'unknown-page-200',
    protection: 'an address that is no page of the app answers 404 (the same app)',
    file: 'apps/server/src/plugins/web-app.ts',
    find: '.status(isAppPagePath(pathname) ? 200 : 404)',
    replace: '.status(200)',
    test: UNKNOWN_PAGES,
  },
  {
    name: 'unknown-manage-page-200',
    protection: 'a random manage link /agendamento/<token> answers 404',
    file: 'apps/server/src/plugins/shared-link-pages.ts',
    find: '  unknown: 404,',
    replace: '  unknown: 200,',
    test: UNKNOWN_PAGES,
  },
  {
    name: 'manage-page-unlimited',
    protection: 'the manage page counts against the manage-link limit (its status tells a guesser)',
    file: 'apps/server/src/features/manage/page-check.ts',
    find: 'if (!(await limiter.hit(key, MANAGE_LIMIT))) return',
    replace: 'if (!key) return',
    test: UNKNOWN_PAGES,
  },
  {
    name: 'unknown-professional-page-200',
    protection: 'an unknown /book/<link> or /profissional/<x> answers 404',
    file: 'apps/server/src/plugins/shared-link-pages.ts',
    find: 'let status = 404;',
    replace: 'let status = 200;',
    test: UNKNOWN_PAGES,
  },
  {
    name: 'ics-cancelled-confirmed',
    protection: 'a cancelled booking’s .ics says STATUS:CANCELLED',
    file: 'apps/server/src/lib/ics.ts',
    find: "event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',",
    replace: "'STATUS:CONFIRMED',",
    test: UNKNOWN_PAGES,
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
