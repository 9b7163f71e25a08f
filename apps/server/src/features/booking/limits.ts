import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import type { Clock } from '../../lib/clock';
import type { SQLWrapper } from 'drizzle-orm';
import { countedEvent, rateLimitKey, refuseOver, type Limit } from '../../plugins/rate-limit';
import { countEventPiece } from '../rate-limits/service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const BOOKED_TIME_LIMIT_MESSAGE =
  'Muitos agendamentos com este profissional a partir da sua conexão. ' +
  'Tente novamente mais tarde ou fale diretamente com o profissional.';

/**
 * Public booking limits; the numbers and why: docs/decisions/006-booking-rate-limits.md. Behind
 * carrier-grade NAT one address is many people, so what refuses a booking is counted per
 * address AND professional; the per-address counter only stops floods.
 */
export const BOOKING_LIMITS = {
  /** Every booking request of an address, whatever it asks: far above what people send. */
  perAddress: { max: 300, windowMs: 10 * MINUTE },
  /** Requests of an address for one professional, refused ones included: a burst guard. */
  attemptsPerVisitor: { max: 20, windowMs: 10 * MINUTE },
  /** Minutes of one professional's time an address may book, counted when a booking commits. */
  bookedMinutesPerVisitor: { max: 12 * 60, windowMs: DAY, message: BOOKED_TIME_LIMIT_MESSAGE },
  /** Proof-of-work challenges an address asks for (decision 028): one per form, a few retries. */
  challenges: { max: 300, windowMs: 10 * MINUTE },
  /** Codes e-mailed for one professional from one address (decision 028): no mail bombing. */
  codesSent: { max: 10, windowMs: 60 * MINUTE },
  /** Codes typed from one address, any booking: with 5 attempts per code, no guessing. */
  codeConfirms: { max: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

/** Counter scopes, also used by tests to seed a counter. */
export const BOOKING_LIMIT_SCOPES = {
  perAddress: 'booking:address',
  attemptsPerVisitor: 'booking:attempts',
  bookedMinutesPerVisitor: 'booking:booked-minutes',
  challenges: 'booking:challenges',
  codesSent: 'booking:codes-sent',
  codeConfirms: 'booking:code-confirms',
} as const;

/** One address (an IPv6 /64) booking with one professional. */
export function visitorKey(ip: string, professionalId: string): string {
  return `${clientAddressKey(ip)}|${professionalId.trim().toLowerCase()}`;
}

/** The professional a not yet validated booking body names ('' when it names none). */
export function requestedProfessional(body: unknown): string {
  const value = (body as { professionalId?: unknown } | null)?.professionalId;
  return typeof value === 'string' ? value : '';
}

/**
 * A booking's minutes, counted inside its transaction (in the statement that stores its answer,
 * features/booking/service.ts), so a refused or failed booking gives them back: `refuse` throws
 * 429 over the limit, rolling the booking back. The counter row stays locked until the booking
 * commits, so one visitor's simultaneous bookings cannot all slip under the limit; only
 * bookings with this professional, which queue on its lock anyway, touch that row.
 */
export function bookedMinutesCount(
  tx: Db,
  clock: Clock,
  visitor: string,
  minutes: number,
): { query: SQLWrapper; refuse(row: unknown): void } {
  const event = {
    key: rateLimitKey(BOOKING_LIMIT_SCOPES.bookedMinutesPerVisitor, visitor),
    limit: BOOKING_LIMITS.bookedMinutesPerVisitor,
    amount: minutes,
  };
  const piece = countEventPiece({ db: tx }, countedEvent(event), clock.now());
  return {
    query: piece.query,
    refuse: (row) =>
      refuseOver(event, piece.window(row as { count: unknown; reset_at_ms: unknown }), clock.now()),
  };
}
