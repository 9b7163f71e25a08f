// Tables: Occupied times, date exceptions and time off (owner: features/schedule).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  time,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { appointments } from './appointments';
import { profiles } from './profile';
import { waitlistOffers } from './waitlist';

/**
 * Every occupied time of a professional in one table under one EXCLUDE constraint
 * (docs/decisions/009-real-week.md): a trigger keeps one row per non-cancelled appointment
 * (its range includes its buffer), and a row without an appointment is a block ("Bloquear
 * horário"). Wall-clock timestamps in the professional's zone. The constraint and the trigger
 * live in the custom part of the migration (drizzle cannot declare them).
 */
export const occupiedTimes = pgTable(
  'occupied_times',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id'),
    startsAt: timestamp('starts_at', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }),
    /** A waiting-list offer's hold (features/waitlist): written by its trigger, neither block nor appointment. */
    waitlistOfferId: uuid('waitlist_offer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'occupied_times_pkey', columns: [t.professionalId, t.id] }),
    unique('occupied_times_appointment_unique').on(t.professionalId, t.appointmentId),
    // Through the professional too, like appointments' own keys (docs/scaling.md).
    foreignKey({
      name: 'occupied_times_appointment_fk',
      columns: [t.professionalId, t.appointmentId],
      foreignColumns: [appointments.professionalId, appointments.id],
    }).onDelete('cascade'),
    unique('occupied_times_waitlist_offer_unique').on(t.professionalId, t.waitlistOfferId),
    foreignKey({
      name: 'occupied_times_waitlist_offer_fk',
      columns: [t.professionalId, t.waitlistOfferId],
      foreignColumns: [waitlistOffers.professionalId, waitlistOffers.id],
    }).onDelete('cascade'),
    check('occupied_times_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('occupied_times_professional_starts_idx').on(t.professionalId, t.startsAt),
  ],
);

/**
 * A date's own hours: rows with times are that date's windows; one row without times closes
 * the date (a holiday switched on is such a row, its name in the note).
 */
export const dateExceptions = pgTable(
  'date_exceptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    note: varchar('note', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'date_exceptions_pkey', columns: [t.professionalId, t.id] }),
    check(
      'date_exceptions_times',
      sql`(${t.startTime} IS NULL AND ${t.endTime} IS NULL) OR (${t.startTime} IS NOT NULL AND ${t.endTime} > ${t.startTime})`,
    ),
    index('date_exceptions_professional_date_idx').on(t.professionalId, t.date),
  ],
);

/** "Folga/Férias": closed from start to end date, inclusive. */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'time_off_pkey', columns: [t.professionalId, t.id] }),
    check('time_off_end_not_before_start', sql`${t.endDate} >= ${t.startDate}`),
    index('time_off_professional_end_idx').on(t.professionalId, t.endDate),
  ],
);
