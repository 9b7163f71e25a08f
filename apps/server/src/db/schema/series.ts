// Tables: Horário fixo, recurring series (owner: features/series).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  time,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { clients } from './clients';
import { profiles } from './profile';

/** A series' service and the price its future occurrences take (cents). */
export interface SeriesService {
  serviceId: string;
  priceCents: number;
}

/**
 * A horário fixo (issue 46): the rule (RFC 5545, computed by rrule in the professional's zone)
 * that makes ordinary appointments, each with `appointments.series_id`. Occurrences are made up
 * to `generated_until`; the daily job (features/series/job.ts) extends it up to `until_date`.
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    services: jsonb('services').$type<SeriesService[]>().notNull(),
    frequency: varchar('frequency', { length: 10 }).notNull(),
    interval: integer('interval').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    /** The last date the rule may reach (a count is turned into it when the series is made). */
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    /** The rule as an RRULE line, for the record and the job. */
    rule: varchar('rule', { length: 200 }).notNull(),
    generatedUntil: date('generated_until', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'appointment_series_pkey', columns: [t.professionalId, t.id] }),
    // Erasing a client's appointments with them erases their series too.
    foreignKey({
      name: 'appointment_series_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    check('appointment_series_frequency', sql`${t.frequency} IN ('weekly', 'monthly')`),
    check('appointment_series_interval', sql`${t.interval} BETWEEN 1 AND 4`),
    check('appointment_series_until', sql`${t.untilDate} >= ${t.startDate}`),
  ],
);

/**
 * A date of the rule that is not made as the rule says: left out ('skip') or moved ('move') in
 * the preview, or found impossible by the job ('impossible', with the reason it reported).
 */
export const seriesDates = pgTable(
  'series_dates',
  {
    professionalId: uuid('professional_id').notNull(),
    seriesId: uuid('series_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    toStartTime: time('to_start_time'),
    reason: varchar('reason', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'series_dates_pkey', columns: [t.professionalId, t.seriesId, t.date] }),
    foreignKey({
      name: 'series_dates_series_fk',
      columns: [t.professionalId, t.seriesId],
      foreignColumns: [appointmentSeries.professionalId, appointmentSeries.id],
    }).onDelete('cascade'),
    check('series_dates_kind', sql`${t.kind} IN ('skip', 'move', 'impossible')`),
    check(
      'series_dates_move',
      sql`${t.kind} <> 'move' OR (${t.toDate} IS NOT NULL AND ${t.toStartTime} IS NOT NULL)`,
    ),
  ],
);
