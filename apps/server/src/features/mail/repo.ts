import { and, eq, sql } from 'drizzle-orm';
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
        createdAt: now,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** The mail if it still waits to be sent: a job retried after its mail went out finds none. */
export async function findPendingMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
  return row;
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Counts a failed attempt; `isFinal`: no retry follows, the mail is failed for good. */
export async function markMailAttemptFailed(
  db: Db,
  id: string,
  options: { error: string; isFinal: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: options.error,
      ...(options.isFinal ? { status: 'failed' } : {}),
    })
    .where(eq(mailOutbox.id, id));
}
