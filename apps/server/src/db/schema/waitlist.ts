// Tables: Lista de espera (owner: features/waitlist).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

/** The professional's switch and hold; no row: on, 30 minutes (docs/product.md, Lista de espera). */
export const waitlistSettings = pgTable(
  'waitlist_settings',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    holdMinutes: smallint('hold_minutes').notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_settings_pkey', columns: [t.professionalId] }),
    check('waitlist_settings_hold_range', sql`${t.holdMinutes} BETWEEN 5 AND 120`),
  ],
);

/**
 * One client waiting: the services, the days and the start times that suit them. First in line
 * is the oldest `created_at`. The client's link is an HMAC of the id; only its SHA-256 is kept.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceIds: uuid('service_ids').array().notNull(),
    /** ISO dates (YYYY-MM-DD), as text: compared and read back as the strings they are. */
    dates: varchar('dates', { length: 10 }).array().notNull(),
    /** The last of `dates`: the entry expires after it. */
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    periods: varchar('periods', { length: 10 }).array().notNull(),
    rangeStart: time('range_start'),
    rangeEnd: time('range_end'),
    clientName: varchar('client_name', { length: 100 }).notNull(),
    clientEmail: varchar('client_email', { length: 255 }),
    clientPhone: varchar('client_phone', { length: 20 }),
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The join request's key: the same request sent twice joins once. */
    requestKey: varchar('request_key', { length: 100 }).notNull(),
    /** The visitor (HMAC of the address, never the address): its waiting entries are capped. */
    visitorHash: varchar('visitor_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_entries_pkey', columns: [t.professionalId, t.id] }),
    // A look-up, not a rule: the token is an HMAC of the id (unique by construction).
    index('waitlist_entries_token_idx').on(t.tokenHash),
    uniqueIndex('waitlist_entries_request_unique').on(t.professionalId, t.requestKey),
    check(
      'waitlist_entries_status_valid',
      sql`${t.status} IN ('waiting', 'booked', 'left', 'expired')`,
    ),
    index('waitlist_entries_waiting_idx').on(t.professionalId, t.status, t.createdAt),
  ],
);

/**
 * A time offered to one entry. While `pending` it holds the time: a trigger writes it to
 * occupied_times, under the same no-overlap constraint as appointments (docs/decisions/009), so
 * two offers never share a time and an offer never takes a time that is not free.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    offerDate: date('offer_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The last service's buffer: held with the time, as a booking would. */
    bufferMinutes: smallint('buffer_minutes').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_offers_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'waitlist_offers_entry_fk',
      columns: [t.professionalId, t.entryId],
      foreignColumns: [waitlistEntries.professionalId, waitlistEntries.id],
    }).onDelete('cascade'),
    check(
      'waitlist_offers_status_valid',
      sql`${t.status} IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
    check('waitlist_offers_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    // One open offer per person; the same time is never offered to them twice.
    uniqueIndex('waitlist_offers_one_pending')
      .on(t.professionalId, t.entryId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('waitlist_offers_once_per_time').on(
      t.professionalId,
      t.entryId,
      t.offerDate,
      t.startTime,
    ),
    index('waitlist_offers_pending_idx').on(t.professionalId, t.status, t.deadline),
  ],
);
