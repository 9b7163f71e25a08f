/** The one error type of the server (STYLE.md 5). `message` is pt-BR and shown to the user. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  SUBSCRIPTION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Public booking: the time is past or outside the hours (features/booking). */
  SLOT_UNAVAILABLE: 409,
  /** Public booking: another appointment holds the time (the no-overlap constraint). */
  SLOT_TAKEN: 409,
  /** Public booking: the agenda is paused, or the account suspended (features/admin). */
  BOOKING_PAUSED: 409,
  /** Public booking's hold caps (features/booking/holds.ts, docs/decisions/027). */
  EXPIRED_HOLDS_REPEATED: 409,
  UNPAID_HOLDS_CAP: 409,
  UNCONFIRMED_CAP: 409,
  /** The request did not arrive whole in time (Node's request timeout). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** Public booking: an idempotency key sent again with another request (features/booking). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** Public booking's proof of work (features/booking/pow.ts): missing, wrong or used. */
  POW_REQUIRED: 400,
  POW_INVALID: 400,
  POW_USED: 400,
  /** Public booking's e-mailed code (features/booking/email-code.ts). */
  EMAIL_CODE_INVALID: 400,
  EMAIL_CODE_EXPIRED: 410,
  EMAIL_CODE_ATTEMPTS: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  HEADERS_TOO_LARGE: 431,
  /** Sign-in delayed for one account after repeated failures (docs/decisions/007). */
  SIGN_IN_THROTTLED: 429,
  INTERNAL: 500,
  /** A provider (Stripe, S3) refused or failed; the request may work later. */
  UNAVAILABLE: 503,
  /** The database is unreachable for a moment (restart, dropped connections): retry shortly. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

/**
 * Five characters with a digit: every SQLSTATE has one, while Node's errno codes that are five
 * letters long (EPIPE, EPERM…) have none and must not pass for one.
 */
const SQLSTATE_PATTERN = /^(?=.*[0-9])[0-9A-Z]{5}$/;

/** SQLSTATE of a PostgreSQL error, wherever the driver or drizzle put it. */
export function getSqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE_PATTERN.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's socket errors when the database host refuses, drops or never answers a connection. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and PGlite throw, without a code, when no connection can be used. */
const UNAVAILABLE_MESSAGES = [
  // node-postgres: "Connection terminated unexpectedly", "… due to connection timeout".
  /^Connection terminated\b/,
  // node-postgres pool: every connection busy past connectionTimeoutMillis.
  /^timeout exceeded when trying to connect$/,
  // node-postgres client after its connection broke or ended.
  /is not queryable$/,
  // node-postgres pool after the app closed it (a request still running during shutdown).
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
];

/** SQLSTATEs that say "no connection right now", not "this statement is wrong". */
function isUnavailableSqlState(code: string, message: unknown, file: unknown): boolean {
  // Class 08: connection exception. 57P01-57P05: admin/crash shutdown, cannot connect now
  // (starting up, shutting down), database dropped, idle session timeout.
  if (code.startsWith('08') || /^57P0[1-5]$/.test(code)) return true;
  if (code === SQLSTATE.TOO_MANY_CONNECTIONS) return true;
  // 55000 raised while connecting: the database refuses connections (ALLOW_CONNECTIONS false).
  return (
    code === SQLSTATE.OBJECT_NOT_IN_PREREQUISITE_STATE &&
    (file === 'postinit.c' ||
      (typeof message === 'string' && /accepting connections/.test(message)))
  );
}

/**
 * True when the error means the database cannot be reached at the moment (PostgreSQL restarting
 * or stopped, connections refused or cut, the pool exhausted, PGlite closed), on either driver,
 * directly or wrapped by drizzle (`DrizzleQueryError.cause`). Nothing a client sends causes it:
 * the request may work as is in a few seconds (503, never 500 or 4xx).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 8; seen += 1) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, message, file, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      /** node-postgres: the PostgreSQL source file that raised the error (never translated). */
      file?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_ERROR_CODES.has(code)) return true;
      if (SQLSTATE_PATTERN.test(code)) {
        // Any other SQLSTATE: the database answered, the statement itself failed.
        return isUnavailableSqlState(code, message, file);
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
      return true;
    }
    pending.push(cause);
    // AggregateError: a host name with several addresses, each refused.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

export const SQLSTATE = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  /** ON DELETE RESTRICT: a referencing row exists (checked at once, not at the statement's end). */
  RESTRICT_VIOLATION: '23001',
  CHECK_VIOLATION: '23514',
  NOT_NULL_VIOLATION: '23502',
  EXCLUSION_VIOLATION: '23P01',
  DEADLOCK_DETECTED: '40P01',
  CHARACTER_NOT_IN_REPERTOIRE: '22021',
  UNTRANSLATABLE_CHARACTER: '22P05',
  STRING_TOO_LONG: '22001',
  INVALID_TEXT: '22P02',
  INVALID_DATETIME: '22007',
  DATETIME_OVERFLOW: '22008',
  NUMERIC_OVERFLOW: '22003',
  TOO_MANY_CONNECTIONS: '53300',
  OBJECT_NOT_IN_PREREQUISITE_STATE: '55000',
  /** Agendaki's own (drizzle/0035): a closed appointment changed or deleted before "Reabrir". */
  APPOINTMENT_CLOSED: 'AK001',
  /** Agendaki's own (drizzle/0035): a client deleted while payments or packages are hers. */
  CLIENT_HAS_MONEY: 'AK002',
} as const;
