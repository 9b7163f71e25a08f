// Tables: WhatsApp Cloud API messages, settings, opt-outs and answers (owner: features/whatsapp).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MailAttachment } from './mail';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

/** Configurações > WhatsApp: off until the professional turns it on; which messages go. */
export const whatsappSettings = pgTable(
  'whatsapp_settings',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    sendConfirmations: boolean('send_confirmations').notNull().default(true),
    sendReminders: boolean('send_reminders').notNull().default(true),
    sendChanges: boolean('send_changes').notNull().default(true),
    sendDeposits: boolean('send_deposits').notNull().default(true),
    sendWaitlist: boolean('send_waitlist').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'whatsapp_settings_pkey', columns: [t.professionalId] })],
);

/** The e-mail sent instead when the WhatsApp message fails (features/whatsapp/job.ts). */
export interface WhatsappFallbackMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * One template message to a client: planned once per `dedupe_key` (the same reminder planned
 * twice is one row), sent by its job (same id), its state moved forward by status webhooks.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    bookingId: uuid('booking_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    template: varchar('template', { length: 60 }).notNull(),
    /** E.164 with the plus sign (+5511987654321). */
    toPhone: varchar('to_phone', { length: 16 }).notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    waMessageId: varchar('wa_message_id', { length: 128 }),
    errorCode: integer('error_code'),
    errorText: varchar('error_text', { length: 300 }),
    fallbackMail: jsonb('fallback_mail').$type<WhatsappFallbackMail>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_messages_pkey', columns: [t.professionalId, t.id] }),
    check(
      'whatsapp_messages_status_valid',
      sql`${t.status} IN ('queued', 'sent', 'delivered', 'read', 'failed')`,
    ),
    uniqueIndex('whatsapp_messages_dedupe_unique').on(t.professionalId, t.dedupeKey),
    // Status webhooks and answers name the platform's message id, not the professional.
    index('whatsapp_messages_wa_id_idx').on(t.waMessageId),
    index('whatsapp_messages_client_idx').on(t.professionalId, t.clientId, t.createdAt),
    index('whatsapp_messages_booking_idx').on(t.professionalId, t.bookingId),
    index('whatsapp_messages_phone_idx').on(t.toPhone, t.createdAt),
  ],
);

/** "PARAR"/"SAIR" from a client's phone, per professional; "VOLTAR" reverses it. */
export const whatsappOptOuts = pgTable(
  'whatsapp_opt_outs',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 16 }).notNull(),
    optedOut: boolean('opted_out').notNull(),
    /** The word the client sent (PARAR, SAIR, VOLTAR): how the choice was given. */
    via: varchar('via', { length: 20 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'whatsapp_opt_outs_pkey', columns: [t.professionalId, t.phone] })],
);

/** Answers already applied, by the platform's message id: a replayed delivery changes nothing. */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    waMessageId: varchar('wa_message_id', { length: 128 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_inbound_pkey', columns: [t.professionalId, t.waMessageId] }),
    // The hourly purge finds the old answers by it (features/maintenance).
    index('whatsapp_inbound_received_at_idx').on(t.receivedAt),
  ],
);
