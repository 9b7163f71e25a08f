// Tables: The durable mail outbox (owner: features/mail).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
