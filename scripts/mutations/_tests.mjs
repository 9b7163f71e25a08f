// The tests the mutations expect to fail (scripts/mutations.mjs runs them).

/** An integration/attack test of the server project (`vitest run --project server <file>`). */
export const serverTest = (file) => ({ kind: 'server', file: `apps/server/test/${file}` });
/** A fault test (`vitest run -c apps/server/vitest.faults.config.ts <file>`). */
export const faultTest = (file, options = {}) => ({
  kind: 'fault',
  file: `apps/server/test/faults/${file}`,
  postgres: options.postgres ?? false,
});

export const ROUTE_AUTH = serverTest('attacks/route-auth.test.ts');
export const CSRF = serverTest('attacks/csrf.test.ts');
export const BRUTE_FORCE = serverTest('attacks/brute-force.test.ts');
export const HEADERS = serverTest('attacks/headers.test.ts');
export const UPLOAD_HEADERS = serverTest('attacks/upload-headers.test.ts');
export const IMAGE_COST = serverTest('attacks/image-decoding-cost.test.ts');
export const ORPHAN_FILES = serverTest('attacks/orphan-files.test.ts');
export const S3_STORAGE = serverTest('workspace-storage-s3.test.ts');
export const ERASED_ON_DISK = serverTest('attacks/erased-data-on-disk.test.ts');
export const FUZZ = serverTest('attacks/fuzz-public.test.ts');
export const FORWARDED_ADDRESS = serverTest('attacks/forwarded-address.test.ts');
export const EXTREME_DATES = serverTest('attacks/extreme-dates.test.ts');
export const LOG_SECRETS = serverTest('attacks/log-secrets.test.ts');
export const UNKNOWN_PAGES = serverTest('attacks/unknown-pages.test.ts');
export const FUZZ_CONTENT_TYPES = serverTest('attacks/fuzz-content-types.test.ts');
export const FOUNDATION = serverTest('foundation-api.test.ts');
export const PROFILE_LINK = serverTest('profile-link.test.ts');
export const BOOKING_HTML = serverTest('booking-html.test.ts');
export const INVISIBLE_TEXT = serverTest('invisible-text.test.ts');
export const BLANK_NAMES = serverTest('attacks/blank-names.test.ts');
export const MAIL_LINKS = serverTest('attacks/mail-links.test.ts');
export const CONCURRENCY = serverTest('booking-concurrency.test.ts');
export const BOOKING_CREATE = serverTest('booking-create.test.ts');
export const BOOKING_LIMITS = serverTest('booking-rate-limits.test.ts');
export const PREPARED_READS = serverTest('prepared-reads.test.ts');
export const MAIL = serverTest('mail.test.ts');
export const SERVICE_IMAGES = serverTest('workspace-service-images.test.ts');
export const BOOKING_GATES = serverTest('attacks/booking-gates.test.ts');
export const SMTP_OUTAGE = faultTest('smtp-outage.fault.ts');
export const BOOKING_INTERRUPTED = faultTest('booking-interrupted.fault.ts');
export const POSTGRES_RESTART = faultTest('postgres-restart.fault.ts', { postgres: true });
export const TWO_INSTANCES = faultTest('two-instances.fault.ts', { postgres: true });
