// Tables: Appointments (owner: features/appointments).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  time,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { clients } from './clients';
import { profiles } from './profile';
import { services } from './services';

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    totalPrice: numeric('total_price', { precision: 10, scale: 2 }).notNull(),
    /** The service's buffer at booking time; part of the occupied time (occupied_times). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    status: varchar('status', { length: 20 }).notNull().default('scheduled'),
    notes: varchar('notes', { length: 1000 }),
    /**
     * The booking it belongs to: a public booking's appointments share it (its idempotency
     * row's id); a dashboard appointment is a booking of one (its own id). Its manage link and
     * reminder are per booking (features/manage).
     */
    bookingId: uuid('booking_id'),
    /** The horário fixo it is an occurrence of (features/series), if any. */
    seriesId: uuid('series_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'appointments_pkey', columns: [t.professionalId, t.id] }),
    // Through the professional too: an appointment can only point at the same professional's
    // client and service, and Citus can co-locate the rows (docs/scaling.md).
    // Deleting a client deletes their appointments (docs/product.md, Dados).
    foreignKey({
      name: 'appointments_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    // A service with appointments cannot be deleted (docs/product.md, Dados).
    foreignKey({
      name: 'appointments_service_fk',
      columns: [t.professionalId, t.serviceId],
      foreignColumns: [services.professionalId, services.id],
    }).onDelete('restrict'),
    check(
      'appointments_status_valid',
      sql`${t.status} IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show', 'awaiting_deposit')`,
    ),
    check('appointments_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('appointments_price_non_negative', sql`${t.totalPrice} >= 0`),
    check('appointments_buffer_range', sql`${t.bufferMinutes} BETWEEN 0 AND 120`),
    index('appointments_professional_date_idx').on(
      t.professionalId,
      t.appointmentDate,
      t.startTime,
    ),
    // Status filter and its count without walking every appointment of the professional.
    index('appointments_professional_status_date_idx').on(
      t.professionalId,
      t.status,
      t.appointmentDate,
      t.startTime,
    ),
    index('appointments_client_idx').on(t.clientId),
    index('appointments_professional_booking_idx').on(t.professionalId, t.bookingId),
    index('appointments_service_idx').on(t.serviceId),
    index('appointments_professional_series_idx').on(
      t.professionalId,
      t.seriesId,
      t.appointmentDate,
    ),
  ],
);
