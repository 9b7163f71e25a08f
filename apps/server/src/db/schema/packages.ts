// Tables: Packages of sessions and their ledger (owner: features/packages).
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
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { clients } from './clients';
import { createdAt } from './columns';
import { profiles } from './profile';
import { services } from './services';

/** What the professional sells: services × N sessions, a price, a validity (decision 038). */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    sessions: smallint('sessions').notNull(),
    priceCents: integer('price_cents').notNull(),
    validityDays: smallint('validity_days').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'packages_pkey', columns: [t.professionalId, t.id] }),
    check('packages_sessions_range', sql`${t.sessions} BETWEEN 1 AND 100`),
    check('packages_price_range', sql`${t.priceCents} >= 0`),
    check('packages_validity_range', sql`${t.validityDays} BETWEEN 1 AND 730`),
  ],
);

export const packageServices = pgTable(
  'package_services',
  {
    professionalId: uuid('professional_id').notNull(),
    packageId: uuid('package_id').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'package_services_pkey',
      columns: [t.professionalId, t.packageId, t.serviceId],
    }),
    foreignKey({
      name: 'package_services_package_fk',
      columns: [t.professionalId, t.packageId],
      foreignColumns: [packages.professionalId, packages.id],
    }).onDelete('cascade'),
    // A service in a package is kept, like one with appointments.
    foreignKey({
      name: 'package_services_service_fk',
      columns: [t.professionalId, t.serviceId],
      foreignColumns: [services.professionalId, services.id],
    }).onDelete('restrict'),
  ],
);

/**
 * A package sold to a client. `sessions_left` is the sum of its ledger, kept by a trigger on
 * each ledger insert; its CHECK (>= 0) is what refuses a use of a session that is not there,
 * under the row lock the UPDATE takes, so two uses of the last session give one success.
 */
export const clientPackages = pgTable(
  'client_packages',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    packageId: uuid('package_id').notNull(),
    /** As sold: a later change of the package does not change what the client bought. */
    name: varchar('name', { length: 100 }).notNull(),
    sessionsTotal: smallint('sessions_total').notNull(),
    sessionsLeft: smallint('sessions_left').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    /** The last day a session can be used, in the professional's zone. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** Set once by the expiry job (db/queues.ts PACKAGE_EXPIRY_QUEUE). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'client_packages_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'client_packages_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'client_packages_package_fk',
      columns: [t.professionalId, t.packageId],
      foreignColumns: [packages.professionalId, packages.id],
    }).onDelete('restrict'),
    check(
      'client_packages_sessions_left_range',
      sql`${t.sessionsLeft} >= 0 AND ${t.sessionsLeft} <= ${t.sessionsTotal}`,
    ),
    check('client_packages_price_range', sql`${t.priceCents} >= 0`),
    index('client_packages_client_idx').on(t.professionalId, t.clientId),
  ],
);

/** Which appointment uses a session of which package: at most one per appointment. */
export const packageUses = pgTable(
  'package_uses',
  {
    professionalId: uuid('professional_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    clientPackageId: uuid('client_package_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'package_uses_pkey', columns: [t.professionalId, t.appointmentId] }),
    foreignKey({
      name: 'package_uses_appointment_fk',
      columns: [t.professionalId, t.appointmentId],
      foreignColumns: [appointments.professionalId, appointments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'package_uses_client_package_fk',
      columns: [t.professionalId, t.clientPackageId],
      foreignColumns: [clientPackages.professionalId, clientPackages.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The balance as a ledger, append-only (a trigger refuses UPDATE): +N at the sale, -1 per use,
 * +1 when a cancelled or deleted appointment gives its session back, -left at the expiry.
 */
export const packageLedger = pgTable(
  'package_ledger',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id').notNull(),
    clientPackageId: uuid('client_package_id').notNull(),
    delta: smallint('delta').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** The appointment of a use or a return; no foreign key: the entry outlives it. */
    appointmentId: uuid('appointment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'package_ledger_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'package_ledger_client_package_fk',
      columns: [t.professionalId, t.clientPackageId],
      foreignColumns: [clientPackages.professionalId, clientPackages.id],
    }).onDelete('cascade'),
    check('package_ledger_kind_valid', sql`${t.kind} IN ('sale', 'use', 'return', 'expire')`),
    check(
      'package_ledger_delta_sign',
      sql`(${t.kind} IN ('sale', 'return') AND ${t.delta} > 0) OR (${t.kind} IN ('use', 'expire') AND ${t.delta} < 0)`,
    ),
    index('package_ledger_client_package_idx').on(t.professionalId, t.clientPackageId),
  ],
);
