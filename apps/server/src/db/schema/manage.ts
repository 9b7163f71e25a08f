// Tables: Manage links and reschedule requests (owner: features/manage).
import { index, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { profiles } from './profile';

/**
 * A booking's manage link (features/manage, docs/decisions/013-after-the-booking.md): the token
 * is HMAC(server key, booking id + nonce), so the server can write it again (e-mails, WhatsApp)
 * while only its SHA-256 is kept, for the look-up. Also what happened after the booking: the
 * start the e-mail reminder went out for, and the WhatsApp reminder's sent mark.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull(),
    /** 16 random bytes, base64url: part of what the token is computed from. */
    nonce: varchar('nonce', { length: 32 }).notNull(),
    /** SHA-256 (hex) of the token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Wall-clock start ("YYYY-MM-DDTHH:MM") the e-mail reminder was sent for: once per start. */
    remindedStart: varchar('reminded_start', { length: 16 }),
    /** Wall-clock start the professional marked "Lembrete enviado" by WhatsApp for. */
    whatsappSentStart: varchar('whatsapp_sent_start', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'manage_links_pkey', columns: [t.professionalId, t.bookingId] }),
    index('manage_links_token_hash_idx').on(t.tokenHash),
  ],
);

/** Reschedules by the page's idempotency key, like booking_requests for bookings. */
export const manageRequests = pgTable(
  'manage_requests',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    requestFingerprint: varchar('request_fingerprint', { length: 64 }).notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'manage_requests_pkey', columns: [t.professionalId, t.id] }),
    uniqueIndex('manage_requests_professional_key_unique').on(t.professionalId, t.idempotencyKey),
  ],
);
