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
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
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

/** SQLSTATE of a PostgreSQL error, wherever the driver or drizzle put it. */
export function getSqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const SQLSTATE = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
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
} as const;
