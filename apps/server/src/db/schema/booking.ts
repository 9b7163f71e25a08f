// Tables: Public booking's idempotency keys, proof-of-work uses and e-mailed codes (owner: features/booking).
import type { BookingResponse } from '@agendaki/shared';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { profiles } from './profile';

/**
 * Public bookings by the page's idempotency key (docs/product.md, Booking several services): the
 * key is claimed in the booking's transaction and keeps its answer, so a retried request gets
 * the first answer back and books nothing new; a concurrent duplicate waits on the unique index.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    /**
     * SHA-256 (hex) of the request the key was first used with (features/booking/fingerprint.ts):
     * the key sent again with another request is refused instead of answered with this booking.
     */
    requestFingerprint: varchar('request_fingerprint', { length: 64 }).notNull(),
    /** The 201 answer; written in the same transaction that claims the key. */
    response: jsonb('response').$type<BookingResponse>(),
    /**
     * HMAC of the visitor's address (an IPv6 /64) under the server key and the professional's
     * id, never the address itself (LGPD): bursts from one address are grouped by it.
     */
    visitorHash: varchar('visitor_hash', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'booking_requests_pkey', columns: [t.professionalId, t.id] }),
    uniqueIndex('booking_requests_professional_key_unique').on(t.professionalId, t.idempotencyKey),
    index('booking_requests_visitor_idx').on(t.professionalId, t.visitorHash, t.createdAt),
  ],
);

/**
 * Proof-of-work solutions a booking used (features/booking/pow.ts, docs/decisions/028): one
 * solution books once, on every instance; a retry of the same request (same idempotency key)
 * may present it again. Kept until the challenge expires, then purged.
 */
export const bookingPowUses = pgTable('booking_pow_uses', {
  /** The challenge's HMAC signature (hex). */
  signature: varchar('signature', { length: 128 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A booking waiting for the code e-mailed to the client (features/booking/email-code.ts,
 * docs/decisions/028): the request as sent, the code's HMAC, attempts left. Nothing is held
 * until the code is confirmed.
 */
export const bookingCodes = pgTable(
  'booking_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** The parsed booking request (its `pow` left out). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'booking_codes_pkey', columns: [t.professionalId, t.id] })],
);
