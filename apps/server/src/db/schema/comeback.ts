// Tables: Clients who come back (owner: features/comeback, issue 50).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { clients } from './clients';
import { profiles } from './profile';
import { services } from './services';

/** The automations of one professional: each on or off, with her own text. */
export const automationSettings = pgTable('automation_settings', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  returnEnabled: boolean('return_enabled').notNull().default(false),
  returnText: varchar('return_text', { length: 600 }).notNull(),
  reviewEnabled: boolean('review_enabled').notNull().default(false),
  reviewText: varchar('review_text', { length: 600 }).notNull(),
  reviewUrl: varchar('review_url', { length: 500 }),
  missingText: varchar('missing_text', { length: 600 }).notNull(),
  birthdayEnabled: boolean('birthday_enabled').notNull().default(false),
  birthdayText: varchar('birthday_text', { length: 600 }).notNull(),
  /** The local hour (9 to 19) the birthday message leaves. */
  birthdayHour: integer('birthday_hour').notNull().default(9),
  updatedAt: updatedAt(),
});

/** "Aniversário": a client's birthday, an optional field of her page. */
export const clientBirthdays = pgTable(
  'client_birthdays',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** Null when only the day and month were given ("25/12"). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** "MM-DD", what the tick looks up each day. */
    monthDay: varchar('month_day', { length: 5 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'client_birthdays_pkey', columns: [t.professionalId, t.clientId] }),
    foreignKey({
      name: 'client_birthdays_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    index('client_birthdays_month_day_idx').on(t.professionalId, t.monthDay),
  ],
);

/** "Hora de voltar": days after a completed appointment of the service. */
export const serviceReturnIntervals = pgTable(
  'service_return_intervals',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    primaryKey({ name: 'service_return_intervals_pkey', columns: [t.professionalId, t.serviceId] }),
    foreignKey({
      name: 'service_return_intervals_service_fk',
      columns: [t.professionalId, t.serviceId],
      foreignColumns: [services.professionalId, services.id],
    }).onDelete('cascade'),
    check('service_return_intervals_days_range', sql`${t.days} BETWEEN 1 AND 365`),
  ],
);

/**
 * Every automated or one-tap message to a client. `sourceKey` names what caused it (the
 * appointment, the booking, the client and day): unique per kind, so a message exists once
 * however many ticks or instances find it due. Its delivery is the mail outbox's row `mailId`.
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    sourceKey: varchar('source_key', { length: 100 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull().default('email'),
    mailId: uuid('mail_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'client_messages_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'client_messages_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    uniqueIndex('client_messages_source_unique').on(t.professionalId, t.kind, t.sourceKey),
    index('client_messages_client_idx').on(t.professionalId, t.clientId, t.createdAt),
    check(
      'client_messages_kind_valid',
      sql`${t.kind} IN ('return', 'birthday', 'review', 'missing')`,
    ),
  ],
);

/**
 * A client's consent choices, each kept with when and how it was given (LGPD arts. 8 and 11):
 * the latest of a purpose is the one in force. `marketing`: the messages above; `health`: the
 * anamnesis answers.
 */
export const clientConsents = pgTable(
  'client_consents',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    granted: boolean('granted').notNull(),
    via: varchar('via', { length: 20 }).notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'client_consents_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'client_consents_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    index('client_consents_client_idx').on(t.professionalId, t.clientId, t.givenAt),
    check('client_consents_purpose_valid', sql`${t.purpose} IN ('marketing', 'health')`),
    check(
      'client_consents_via_valid',
      sql`${t.via} IN ('unsubscribe_link', 'professional', 'form')`,
    ),
  ],
);
