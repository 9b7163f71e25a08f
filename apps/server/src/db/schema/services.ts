// Tables: A professional's services (owner: features/services).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

export const services = pgTable(
  'services',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** "Intervalo após": kept free after the service, never shown to clients. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    imageUrl: text('image_url'),
    /** The 192 px square the booking page shows; null for photos stored before it existed. */
    imageThumbnailUrl: text('image_thumbnail_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'services_pkey', columns: [t.professionalId, t.id] }),
    check('services_price_non_negative', sql`${t.price} >= 0`),
    check('services_duration_range', sql`${t.durationMinutes} BETWEEN 1 AND 1440`),
    check('services_buffer_range', sql`${t.bufferMinutes} BETWEEN 0 AND 120`),
    check('services_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('services_professional_created_idx').on(t.professionalId, t.createdAt.desc()),
    index('services_professional_active_name_idx').on(t.professionalId, t.isActive, t.name),
    // Appointment search by service name, without case or accents, within one professional's
    // services: the professional's id leads (btree_gin), so the work is theirs alone (drizzle/0021).
    index('services_name_trgm_idx')
      .using('gin', t.professionalId, sql`agendaki_unaccent(lower(${t.name})) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);
