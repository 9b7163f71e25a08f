// Tables: The weekly hours (owner: features/availability).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  time,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { profiles } from './profile';

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
