import { isApiError } from '@/lib/api-client';

export const BOOKING_FAILED_MESSAGE =
  'Ocorreu um erro ao confirmar seu agendamento. Tente novamente.';

const SLOT_CONFLICT_CODES = new Set(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']);

/** 409: someone took the time first, or it is no longer offered; pick another one. */
export function isSlotConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && SLOT_CONFLICT_CODES.has(error.code);
}

/**
 * 422: the server keeps this attempt's key for another request (its answer would describe
 * another booking); the next press must be a new attempt with a new key.
 */
export function isIdempotencyKeyReused(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && error.code === 'IDEMPOTENCY_KEY_REUSED';
}

/**
 * The toast text of a failed confirmation. A 4xx carries the server's pt-BR reason (invalid
 * field, too many attempts): more useful than the generic text, which covers the rest
 * (no connection, server error).
 */
export function describeBookingError(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return BOOKING_FAILED_MESSAGE;
}

/** The proof of work was refused (expired, used): the next press solves a new one. */
export function isPowRefused(error: unknown): boolean {
  return isApiError(error) && error.code.startsWith('POW_');
}

/** The e-mailed code expired or ran out of attempts: the next confirmation sends a new one. */
export function isCodeSpent(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'EMAIL_CODE_EXPIRED' || error.code === 'EMAIL_CODE_ATTEMPTS')
  );
}
