// Tables: A professional's clients (owner: features/clients).
import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 20 }),
    notes: varchar('notes', { length: 1000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // What a search matches (functions: drizzle/0003_search_extensions.sql), kept by PostgreSQL
    // on every write so that a search compares it as it is instead of computing it again for
    // each candidate row (drizzle/0023). Never read back: features/clients selects without it.
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`agendaki_client_search_text(${clients.name}, ${clients.email}, ${clients.phone})`,
    ),
  },
  (t) => [
    primaryKey({ name: 'clients_pkey', columns: [t.professionalId, t.id] }),
    check('clients_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('clients_professional_created_idx').on(t.professionalId, t.createdAt.desc()),
    index('clients_professional_name_idx').on(t.professionalId, t.name),
    // Public bookings match a client by e-mail, case-insensitively (docs/product.md, Booking several services).
    uniqueIndex('clients_professional_email_unique')
      .on(t.professionalId, sql`lower(${t.email})`)
      .where(sql`${t.email} IS NOT NULL`),
    // Search by any part of name, e-mail or phone digits (the search text above), within one
    // professional's clients: the professional's id leads (btree_gin, drizzle/0021).
    index('clients_search_trgm_idx')
      .using('gin', t.professionalId, sql`${t.searchText} gin_trgm_ops`)
      // New rows wait in a pending list every search reads until it is merged: kept short.
      .with({ gin_pending_list_limit: 64 }),
  ],
);
