import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutgoingMail } from './templates';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** One statement for all the mails of one change (a booking's two mails). */
export async function insertOutboxMails(
  db: Db,
  mails: readonly OutgoingMail[],
  now: Date,
): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments ?? [],
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * Claims due mails in one statement: counts the attempt and leases each row until `leaseUntil`,
 * so no other worker (another instance) takes it meanwhile, and a worker that dies mid-send
 * leaves it to be retried when the lease ends. SKIP LOCKED lets concurrent workers pass by.
 */
export async function claimDueMails(
  db: Db,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, options.now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: options.leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailRetry(
  db: Db,
  id: string,
  options: { nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: options.nextAttemptAt, lastError: options.error })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error })
    .where(eq(mailOutbox.id, id));
}
