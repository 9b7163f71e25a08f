// Tables: Anamnesis forms and their answers (owner: features/anamnesis, issue 50).
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FormField } from '@agendaki/shared';
import { createdAt, updatedAt } from './columns';
import { clients } from './clients';
import { profiles } from './profile';
import { services } from './services';

/** A form; its questions are in its versions, the newest being `currentVersion`. */
export const anamnesisForms = pgTable(
  'anamnesis_forms',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'anamnesis_forms_pkey', columns: [t.professionalId, t.id] })],
);

/** Every version of a form is kept: answers given to an old one stay readable. */
export const anamnesisFormVersions = pgTable(
  'anamnesis_form_versions',
  {
    professionalId: uuid('professional_id').notNull(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'anamnesis_form_versions_pkey',
      columns: [t.professionalId, t.formId, t.version],
    }),
    foreignKey({
      name: 'anamnesis_form_versions_form_fk',
      columns: [t.professionalId, t.formId],
      foreignColumns: [anamnesisForms.professionalId, anamnesisForms.id],
    }).onDelete('cascade'),
  ],
);

/** Which form a service asks for (one per service). */
export const serviceAnamnesisForms = pgTable(
  'service_anamnesis_forms',
  {
    professionalId: uuid('professional_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    formId: uuid('form_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'service_anamnesis_forms_pkey',
      columns: [t.professionalId, t.serviceId],
    }),
    foreignKey({
      name: 'service_anamnesis_forms_service_fk',
      columns: [t.professionalId, t.serviceId],
      foreignColumns: [services.professionalId, services.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'service_anamnesis_forms_form_fk',
      columns: [t.professionalId, t.formId],
      foreignColumns: [anamnesisForms.professionalId, anamnesisForms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A client's answers to one version of a form for one booking, sealed (AES-256-GCM,
 * lib/secret-box.ts) with the row as context: health data (LGPD art. 11) never lies in the
 * database in clear. `consentedAt` is when she accepted the consent text.
 */
export const anamnesisAnswers = pgTable(
  'anamnesis_answers',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id').notNull(),
    clientId: uuid('client_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    sealedAnswers: text('sealed_answers').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'anamnesis_answers_pkey', columns: [t.professionalId, t.id] }),
    foreignKey({
      name: 'anamnesis_answers_client_fk',
      columns: [t.professionalId, t.clientId],
      foreignColumns: [clients.professionalId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'anamnesis_answers_version_fk',
      columns: [t.professionalId, t.formId, t.version],
      foreignColumns: [
        anamnesisFormVersions.professionalId,
        anamnesisFormVersions.formId,
        anamnesisFormVersions.version,
      ],
    }).onDelete('cascade'),
    uniqueIndex('anamnesis_answers_booking_form_unique').on(
      t.professionalId,
      t.bookingId,
      t.formId,
    ),
    index('anamnesis_answers_client_idx').on(t.professionalId, t.clientId),
  ],
);
