// Tables: Payment provider events already applied (owner: features/billing).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { user } from './auth';

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
