import { createHash } from 'node:crypto';
import type { ParsedBooking } from './service';

/**
 * What a booking request asks for, as SHA-256 hex of a canonical JSON (a fixed-order array of
 * the parsed fields), stored with its idempotency key. The IETF Idempotency-Key draft: the same
 * key with another request is the client's mistake (422), never a replay of the first answer.
 * The key itself is left out (it is what the fingerprint is stored under); the service ids keep
 * their order because it is the order the services are booked in.
 */
export function bookingFingerprint(professionalId: string, input: ParsedBooking): string {
  const canonical = JSON.stringify([
    professionalId.toLowerCase(),
    input.serviceIds.map((id) => id.toLowerCase()),
    input.date,
    input.time,
    input.clientName,
    input.clientEmail,
    input.clientPhone,
    input.notes,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
