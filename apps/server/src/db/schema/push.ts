// Tables: Web Push subscriptions, one per device (owner: features/push).
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { profiles } from './profile';

/**
 * A device of the professional subscribed to Web Push (issue 48): the push service's endpoint
 * and the keys its messages are encrypted with, and the kinds it turned off. Removed when the
 * push service answers 404 or 410, or when the device turns notifications off.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 100 }).notNull(),
    auth: varchar('auth', { length: 32 }).notNull(),
    label: varchar('label', { length: 60 }).notNull(),
    disabledKinds: text('disabled_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'push_subscriptions_pkey', columns: [t.professionalId, t.id] }),
    unique('push_subscriptions_endpoint_unique').on(t.professionalId, t.endpoint),
    check('push_subscriptions_endpoint_length', sql`length(${t.endpoint}) <= 1000`),
  ],
);

/**
 * The devices a push event reached (features/push/job.ts): a retry of the event's job skips them,
 * so each device is told once. Deleted when the event's job is done.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    professionalId: uuid('professional_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** The event's job id and when the event happened. */
    eventKey: varchar('event_key', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'push_deliveries_pkey',
      columns: [t.professionalId, t.subscriptionId, t.eventKey],
    }),
    foreignKey({
      name: 'push_deliveries_subscription_fk',
      columns: [t.professionalId, t.subscriptionId],
      foreignColumns: [pushSubscriptions.professionalId, pushSubscriptions.id],
    }).onDelete('cascade'),
  ],
);
