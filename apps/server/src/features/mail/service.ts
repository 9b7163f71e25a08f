import type { Db } from '../../db/client';
import { sendJob } from '../../db/queue';
import { MAIL_QUEUE } from '../../db/queues';
import { insertOutboxMails } from './repo';
import type { OutgoingMail } from './templates';

export type { OutgoingMail } from './templates';

/**
 * What the service needs (docs/decisions/010-one-owner-per-table.md): the transaction of the
 * change that causes the mails. No clock: a mail is stamped with its change's own instant.
 */
export interface MailDeps {
  db: Db;
}

/** What a mail delivery job carries: the outbox row to send. */
export interface MailJobData {
  mailId: string;
}

/**
 * Puts mails in the durable outbox, each with its delivery job (decision 008). Pass the
 * transaction of the change that causes them: the change, the mails and their jobs are kept
 * together, or none. The job's id is the mail's, so a mail has exactly one job.
 */
export async function enqueueMails(
  { db }: MailDeps,
  mails: readonly OutgoingMail[],
  now: Date,
): Promise<string[]> {
  const ids = await insertOutboxMails(db, mails, now);
  for (const mailId of ids) {
    await sendJob(db, MAIL_QUEUE, { mailId } satisfies MailJobData, { id: mailId });
  }
  return ids;
}

/** One mail caused by one change; see `enqueueMails`. */
export async function enqueueMail(deps: MailDeps, mail: OutgoingMail, now: Date): Promise<string> {
  const [id] = await enqueueMails(deps, [mail], now);
  return id!;
}
