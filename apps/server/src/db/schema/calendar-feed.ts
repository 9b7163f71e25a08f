// Tables: The secret calendar subscription address (owner: features/calendar-feed).
import { index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { profiles } from './profile';

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
