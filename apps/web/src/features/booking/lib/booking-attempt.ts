import { createIdempotencyKey } from './idempotency-key';

export interface BookingAttempt {
  /** Sent as `idempotencyKey`: the server answers a repeated key with the first result. */
  key: string;
  /** The request without its key: the same request again is a retry of the same attempt. */
  fingerprint: string;
}

/**
 * The attempt a confirmation belongs to. Pressing "Confirmar agendamento" again with the same
 * data (after a timeout or a lost answer) reuses the key, so it cannot book twice; changed data
 * is a new attempt with a new key.
 */
export function resolveBookingAttempt(
  previous: BookingAttempt | null,
  request: object,
): BookingAttempt {
  const fingerprint = JSON.stringify(request);
  if (previous?.fingerprint === fingerprint) return previous;
  return { key: createIdempotencyKey(), fingerprint };
}
