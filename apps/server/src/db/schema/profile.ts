// Tables: The professional's profile and booking rules (owner: features/profile).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { user } from './auth';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    professionalName: varchar('professional_name', { length: 100 }).notNull(),
    businessName: varchar('business_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    bio: varchar('bio', { length: 500 }),
    customLink: varchar('custom_link', { length: 40 }).notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    avatarUrl: text('avatar_url'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/Sao_Paulo'),
    /** UF, for the state's holidays (docs/decisions/009-real-week.md). */
    state: varchar('state', { length: 2 }),
    // Online booking rules (docs/decisions/009-real-week.md).
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    horizonDays: integer('horizon_days').notNull().default(60),
    /** 15, 30 or 60 minutes; 0 = the selected duration. */
    slotStep: smallint('slot_step').notNull().default(30),
    maxBookingsPerDay: integer('max_bookings_per_day'),
    bookingPaused: boolean('booking_paused').notNull().default(false),
    // Public bookings a day may hold before they are paid or confirmed (docs/decisions/027).
    maxUnpaidHoldsPerDay: integer('max_unpaid_holds_per_day').notNull().default(4),
    maxUnconfirmedPerDay: integer('max_unconfirmed_per_day').notNull().default(12),
    // After the booking (docs/decisions/013-after-the-booking.md).
    /** Optional street address: public page, e-mails, .ics LOCATION, with a map link. */
    address: varchar('address', { length: 300 }),
    /** Clients may confirm, cancel or reschedule until this many minutes before the start. */
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(120),
    /** The e-mail reminder, hours before the start: 0 (off), 2, 24 or 48. */
    reminderHours: smallint('reminder_hours').notNull().default(24),
    /** Off: the public form asks for name and a Brazilian mobile, the e-mail is optional. */
    clientEmailRequired: boolean('client_email_required').notNull().default(true),
    /** On: a public booking holds only after the client types the code sent to their e-mail. */
    bookingEmailCode: boolean('booking_email_code').notNull().default(false),
    /** "Lembrar pelo WhatsApp" message; null = the default template. */
    whatsappTemplate: varchar('whatsapp_template', { length: 1000 }),
    /**
     * Set by an operator (features/admin): she cannot sign in and her page takes no booking;
     * nothing is deleted. Null: not suspended.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_min_notice_range', sql`${t.minNoticeMinutes} BETWEEN 0 AND 10080`),
    check('profiles_horizon_range', sql`${t.horizonDays} BETWEEN 1 AND 365`),
    check('profiles_slot_step_valid', sql`${t.slotStep} IN (0, 15, 30, 60)`),
    check('profiles_max_bookings_range', sql`${t.maxBookingsPerDay} BETWEEN 1 AND 100`),
    check('profiles_max_unpaid_holds_range', sql`${t.maxUnpaidHoldsPerDay} BETWEEN 1 AND 50`),
    check('profiles_max_unconfirmed_range', sql`${t.maxUnconfirmedPerDay} BETWEEN 1 AND 100`),
    check('profiles_cancel_cutoff_range', sql`${t.cancelCutoffMinutes} BETWEEN 0 AND 10080`),
    check('profiles_reminder_hours_valid', sql`${t.reminderHours} IN (0, 2, 24, 48)`),
    check('profiles_custom_link_format', sql`${t.customLink} ~ '^[a-z0-9-]{3,40}$'`),
    // A link shaped like a UUID could pass for another profile's id (decision 005's public URLs).
    check(
      'profiles_custom_link_not_uuid',
      sql`${t.customLink} !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'`,
    ),
    check(
      'profiles_names_not_blank',
      sql`btrim(${t.professionalName}) <> '' AND btrim(${t.businessName}) <> ''`,
    ),
  ],
);
