// Tables: Closings of appointments and the payments received (owner: features/payments).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { clients } from './clients';
import { createdAt } from './columns';
import { clientPackages } from './packages';
import { profiles } from './profile';

/**
 * "Concluir e receber" (decision 038): one closed closing per appointment at a time. Reopening
 * keeps the row as history (status 'reopened', with its reason) and voids its payments; a new
 * closing is written, so nothing closed is ever edited in place.
 */
export const closings = pgTable(
  'closings',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').notNull(),
    clientId: uuid('client_id').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('closed'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    /** Set when the discount was asked as a percent. */
    discountPercent: smallint('discount_percent'),
    tipCents: integer('tip_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** The day of the closing in the professional's zone (Caixa do dia). */
    closedOn: date('closed_on', { mode: 'string' }).notNull(),
    reopenReason: varchar('reopen_reason', { length: 500 }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'closings_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'closings_appointment_fk',
      columns: [t.professionalId, t.appointmentId],
      foreignColumns: [appointments.professionalId, appointments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'closings_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    check('closings_status_valid', sql`${t.status} IN ('closed', 'reopened')`),
    check(
      'closings_amounts_valid',
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} BETWEEN 0 AND ${t.subtotalCents} AND ${t.tipCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.tipCents}`,
    ),
    check(
      'closings_reopen_reason',
      sql`(${t.status} = 'closed') = (${t.reopenReason} IS NULL AND ${t.reopenedAt} IS NULL)`,
    ),
    // Two closings racing for one appointment: the second is refused here.
    uniqueIndex('closings_one_closed_per_appointment')
      .on(t.professionalId, t.appointmentId)
      .where(sql`${t.status} = 'closed'`),
    index('closings_professional_day_idx').on(t.professionalId, t.closedOn),
    index('closings_client_idx').on(t.professionalId, t.clientId),
  ],
);

export const closingItems = pgTable(
  'closing_items',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id').notNull(),
    closingId: uuid('closing_id').notNull(),
    /** No foreign key: a deleted service leaves its name and price here. */
    serviceId: uuid('service_id'),
    serviceName: varchar('service_name', { length: 100 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'closing_items_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'closing_items_closing_fk',
      columns: [t.professionalId, t.closingId],
      foreignColumns: [closings.professionalId, closings.id],
    }).onDelete('cascade'),
    check('closing_items_price_range', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * Money received: a closing's payments, a later payment of what stayed open, or a package's sale
 * (client_package_id set, closing_id null). Voided, never deleted, when its closing is reopened.
 * The client is kept by id only: erasing the client (LGPD) keeps the amounts.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    closingId: uuid('closing_id'),
    /** For 'package': the package whose session paid; for a sale: the package sold. */
    clientPackageId: uuid('client_package_id'),
    /** 'closing', 'settle' (a later payment of what stayed open) or 'sale' (a package's). */
    kind: varchar('kind', { length: 10 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'payments_closing_fk',
      columns: [t.professionalId, t.closingId],
      foreignColumns: [closings.professionalId, closings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payments_client_package_fk',
      columns: [t.professionalId, t.clientPackageId],
      foreignColumns: [clientPackages.professionalId, clientPackages.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payments_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    check('payments_kind_valid', sql`${t.kind} IN ('closing', 'settle', 'sale')`),
    check(
      'payments_method_valid',
      sql`${t.method} IN ('pix', 'cash', 'debit', 'credit', 'deposit', 'package')`,
    ),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_belongs',
      sql`(${t.kind} = 'sale') = (${t.closingId} IS NULL) AND (${t.kind} <> 'sale' OR ${t.clientPackageId} IS NOT NULL)`,
    ),
    index('payments_professional_day_idx').on(t.professionalId, t.paidOn),
    index('payments_closing_idx').on(t.professionalId, t.closingId),
  ],
);
