// Tables: The plan subscription of an account (owner: features/subscription).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { user } from './auth';

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
