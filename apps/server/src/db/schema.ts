import type { BookingResponse } from '@agendaki/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- auth (better-auth's tables)

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------- product (docs/product.md section 3)

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

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('trialing'),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    provider: varchar('provider', { length: 20 }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** `created` of the last provider event applied; an older event arriving late is ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'subscriptions_status_valid',
      sql`${t.status} IN ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid')`,
    ),
    index('subscriptions_provider_customer_idx').on(t.providerCustomerId),
    index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
  ],
);

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

export const availability = pgTable(
  'availability',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'availability_pkey', columns: [t.professionalId, t.id] }),
    check('availability_day_of_week_range', sql`${t.dayOfWeek} BETWEEN 0 AND 6`),
    check('availability_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    index('availability_professional_day_idx').on(t.professionalId, t.dayOfWeek, t.startTime),
  ],
);

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
  ],
);

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

/**
 * Public bookings by the page's idempotency key (docs/product.md, Booking several services): the
 * key is claimed in the booking's transaction and keeps its answer, so a retried request gets
 * the first answer back and books nothing new; a concurrent duplicate waits on the unique index.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    /**
     * SHA-256 (hex) of the request the key was first used with (features/booking/fingerprint.ts):
     * the key sent again with another request is refused instead of answered with this booking.
     */
    requestFingerprint: varchar('request_fingerprint', { length: 64 }).notNull(),
    /** The 201 answer; written in the same transaction that claims the key. */
    response: jsonb('response').$type<BookingResponse>(),
    /**
     * HMAC of the visitor's address (an IPv6 /64) under the server key and the professional's
     * id, never the address itself (LGPD): bursts from one address are grouped by it.
     */
    visitorHash: varchar('visitor_hash', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'booking_requests_pkey', columns: [t.professionalId, t.id] }),
    uniqueIndex('booking_requests_professional_key_unique').on(t.professionalId, t.idempotencyKey),
    index('booking_requests_visitor_idx').on(t.professionalId, t.visitorHash, t.createdAt),
  ],
);

/**
 * Proof-of-work solutions a booking used (features/booking/pow.ts, docs/decisions/028): one
 * solution books once, on every instance; a retry of the same request (same idempotency key)
 * may present it again. Kept until the challenge expires, then purged.
 */
export const bookingPowUses = pgTable('booking_pow_uses', {
  /** The challenge's HMAC signature (hex). */
  signature: varchar('signature', { length: 128 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A booking waiting for the code e-mailed to the client (features/booking/email-code.ts,
 * docs/decisions/028): the request as sent, the code's HMAC, attempts left. Nothing is held
 * until the code is confirmed.
 */
export const bookingCodes = pgTable(
  'booking_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** The parsed booking request (its `pow` left out). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'booking_codes_pkey', columns: [t.professionalId, t.id] })],
);

/**
 * A booking's manage link (features/manage, docs/decisions/013-after-the-booking.md): the token
 * is HMAC(server key, booking id + nonce), so the server can write it again (e-mails, WhatsApp)
 * while only its SHA-256 is kept, for the look-up. Also what happened after the booking: the
 * start the e-mail reminder went out for, and the WhatsApp reminder's sent mark.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull(),
    /** 16 random bytes, base64url: part of what the token is computed from. */
    nonce: varchar('nonce', { length: 32 }).notNull(),
    /** SHA-256 (hex) of the token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Wall-clock start ("YYYY-MM-DDTHH:MM") the e-mail reminder was sent for: once per start. */
    remindedStart: varchar('reminded_start', { length: 16 }),
    /** Wall-clock start the professional marked "Lembrete enviado" by WhatsApp for. */
    whatsappSentStart: varchar('whatsapp_sent_start', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'manage_links_pkey', columns: [t.professionalId, t.bookingId] }),
    index('manage_links_token_hash_idx').on(t.tokenHash),
  ],
);

/** Reschedules by the page's idempotency key, like booking_requests for bookings. */
export const manageRequests = pgTable(
  'manage_requests',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    requestFingerprint: varchar('request_fingerprint', { length: 64 }).notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'manage_requests_pkey', columns: [t.professionalId, t.id] }),
    uniqueIndex('manage_requests_professional_key_unique').on(t.professionalId, t.idempotencyKey),
  ],
);

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

/**
 * The professional's own credentials at the Pix PSP (docs/decisions/018-pix-provider.md), sealed
 * by lib/secret-box.ts with the context `pix:<professional id>:<field>`: a copy of the table opens
 * nothing, and a value moved to another row does not open. One row per professional; none means
 * the static BR Code and "Sinal recebido" only.
 */
export const pixProviderCredentials = pgTable(
  'pix_provider_credentials',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    webhookSecretSealed: text('webhook_secret_sealed').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'pix_provider_credentials_pkey', columns: [t.professionalId] }),
    check('pix_provider_credentials_provider_valid', sql`${t.provider} IN ('mercadopago')`),
  ],
);

/**
 * Webhook deliveries of the Pix PSP already applied, by the signed delivery id: a replay is
 * recognised and changes nothing (one small row per delivery).
 */
export const pixWebhookEvents = pgTable(
  'pix_webhook_events',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    chargeId: varchar('charge_id', { length: 30 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'pix_webhook_events_pkey', columns: [t.professionalId, t.eventId] }),
    index('pix_webhook_events_received_at_idx').on(t.receivedAt),
  ],
);

// ---------------------------------------------------------------- infrastructure

/** Durable outbox: a mail is stored with the change that causes it and sent by a worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: varchar('to_address', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Whom a mail is about, when it is about a professional's business (a booking): erasing a
     * client or deleting the account finds its mails by these (docs/decisions/012-lgpd.md). Not
     * an owner key: the outbox is the server's, and sign-up mails are about no professional.
     */
    aboutProfessionalId: uuid('about_professional_id'),
    aboutClientId: uuid('about_client_id'),
  },
  (t) => [
    check('mail_outbox_status_valid', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index('mail_outbox_about_idx').on(t.aboutProfessionalId, t.aboutClientId),
    // The purge's look-up (features/maintenance); delivery goes by job (db/queues.ts).
    index('mail_outbox_status_idx').on(t.status, t.sentAt),
  ],
);

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Payment provider events already handled, by the provider's event id: a webhook delivered
 * twice (or replayed) is applied once (features/billing).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** applied | stale (older than the last applied one) | ignored (nothing to apply it to). */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_events_outcome_valid', sql`${t.outcome} IN ('applied', 'stale', 'ignored')`),
    index('billing_events_user_idx').on(t.userId),
  ],
);

/** Server-wide settings kept in the database so that every instance shares them (e.g. the auth secret). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Abuse-limit counters (sign-in, sign-up, e-mail requests): fixed windows kept in the database
 * so that every instance behind a load balancer counts the same attempts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

// ---------------------------------------------------------------- ownership

/**
 * One owner per table (docs/decisions/010-one-owner-per-table.md): only the owning feature
 * (apps/server/src/features/<owner>, its repo.ts) imports a table object; any other code asks
 * that feature's service. eslint.config.js reads this map (one `table: 'feature',` per line),
 * and test/table-ownership.test.ts checks that every table is in it.
 */
export const TABLE_OWNERS = {
  user: 'auth',
  session: 'auth',
  account: 'auth',
  verification: 'auth',
  appSettings: 'auth',
  profiles: 'profile',
  subscriptions: 'subscription',
  services: 'services',
  availability: 'availability',
  clients: 'clients',
  appointments: 'appointments',
  bookingRequests: 'booking',
  bookingPowUses: 'booking',
  bookingCodes: 'booking',
  mailOutbox: 'mail',
  billingEvents: 'billing',
  rateLimits: 'rate-limits',
  signInThrottles: 'auth',
  occupiedTimes: 'schedule',
  dateExceptions: 'schedule',
  timeOff: 'schedule',
  calendarFeeds: 'calendar-feed',
  manageLinks: 'manage',
  manageRequests: 'manage',
  paymentSettings: 'deposits',
  deposits: 'deposits',
  pixProviderCredentials: 'pix-provider',
  pixWebhookEvents: 'pix-provider',
} as const;

/**
 * The one exception: the retention purge (features/maintenance) deletes expired rows of these
 * tables in batches, in one place with one schedule. It only deletes, never reads for a feature.
 */
export const PURGED_BY_MAINTENANCE = [
  'rateLimits',
  'signInThrottles',
  'bookingRequests',
  'manageRequests',
  'pixWebhookEvents',
  'mailOutbox',
  'session',
  'verification',
  'bookingPowUses',
  'bookingCodes',
] as const;

/**
 * Sign-in throttle per account (or per trusted device), docs/decisions/007-login-throttling.md:
 * attempts counted since the last quiet hour, and when the next one may be tried.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_throttles_reset_at_idx').on(t.resetAt)],
);

/**
 * The secret calendar subscription address of a professional (Configurações > Calendário,
 * docs/decisions/014-calendar-and-numbers.md): only the SHA-256 of the token is kept. One row per
 * professional; rotating replaces the hash, so the old address stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'calendar_feeds_pkey', columns: [t.professionalId] }),
    // Not unique (decision 009's distributable keys include professional_id); 256-bit hashes do not collide.
    index('calendar_feeds_token_hash_idx').on(t.tokenHash),
  ],
);
