// Tables: The Pix PSP's credentials and applied webhooks (owner: features/pix-provider).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { profiles } from './profile';

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
