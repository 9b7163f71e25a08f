// Tables: Pix settings and the sinal of each booking (owner: features/deposits).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

/**
 * Configurações > Pagamentos (docs/decisions/017-pix-sinal.md): the professional's Pix key, the
 * beneficiary as the BR Code carries it, and the sinal a public booking asks for. One row per
 * professional; none means no sinal.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    pixKeyType: varchar('pix_key_type', { length: 10 }).notNull(),
    /** Normalised (shared normalizePixKey); '' when none. */
    pixKey: varchar('pix_key', { length: 100 }).notNull(),
    /** As the professional typed them; the BR Code gets them without accents. */
    beneficiaryName: varchar('beneficiary_name', { length: 25 }).notNull(),
    beneficiaryCity: varchar('beneficiary_city', { length: 15 }).notNull(),
    depositMode: varchar('deposit_mode', { length: 10 }).notNull().default('off'),
    depositFixedCents: integer('deposit_fixed_cents').notNull().default(0),
    depositPercent: smallint('deposit_percent').notNull().default(0),
    windowMinutes: smallint('window_minutes').notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_settings_pkey', columns: [t.professionalId] }),
    check(
      'payment_settings_key_type_valid',
      sql`${t.pixKeyType} IN ('cpf', 'cnpj', 'email', 'phone', 'random')`,
    ),
    check('payment_settings_mode_valid', sql`${t.depositMode} IN ('off', 'fixed', 'percent')`),
    check('payment_settings_percent_range', sql`${t.depositPercent} BETWEEN 0 AND 100`),
    check('payment_settings_fixed_range', sql`${t.depositFixedCents} BETWEEN 0 AND 10000000`),
    check('payment_settings_window_range', sql`${t.windowMinutes} BETWEEN 10 AND 120`),
  ],
);

/**
 * The sinal of one public booking: pending until received (by "Sinal recebido" or a PSP) or
 * expired at its deadline by the deposit job (db/queues.ts DEPOSIT_QUEUE), or cancelled with
 * the booking. Every change is a conditional UPDATE from 'pending', so one outcome wins.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The BR Code's txid: alphanumeric, 25 characters at most (static Pix). */
    txid: varchar('txid', { length: 25 }).notNull(),
    /** The "Pix Copia e Cola" the client was given. */
    brCode: text('br_code').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** Who confirmed it: 'manual' ("Sinal recebido") or 'psp' (a provider's webhook). */
    source: varchar('source', { length: 10 }),
    /** When it left 'pending' (received, expired or cancelled). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'deposits_pkey', columns: [t.professionalId, t.id] }),
    unique('deposits_booking_unique').on(t.professionalId, t.bookingId),
    unique('deposits_txid_unique').on(t.professionalId, t.txid),
    check(
      'deposits_status_valid',
      sql`${t.status} IN ('pending', 'received', 'expired', 'cancelled')`,
    ),
    check('deposits_source_valid', sql`${t.source} IS NULL OR ${t.source} IN ('manual', 'psp')`),
    check('deposits_amount_positive', sql`${t.amountCents} > 0`),
    check('deposits_txid_format', sql`${t.txid} ~ '^[A-Za-z0-9]{1,25}$'`),
    index('deposits_professional_status_idx').on(t.professionalId, t.status, t.deadline),
  ],
);
