import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { deleteJobs, sendJobs, type JobToSend } from '../../db/queue';
import { MAIL_QUEUE } from '../../db/queues';
import * as repo from './repo';
import type { MailSubject } from './repo';
import type { OutgoingMail } from '../../lib/mail-templates';

export type { OutgoingMail } from '../../lib/mail-templates';
export type { MailSubject } from './repo';

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
 * together, or none. The job's id is the mail's (made here), so a mail has exactly one job; the
 * rows go in one insert and the jobs in one (pg-boss's `insert`). `about` names the professional (and client) a mail
 * is about, so that erasing them finds it (docs/decisions/012-lgpd.md): pass it for every mail
 * about a professional's business.
 */
export async function enqueueMails(
  { db }: MailDeps,
  mails: readonly OutgoingMail[],
  now: Date,
  about: MailSubject = {},
  options: { startAfter?: Date } = {},
): Promise<string[]> {
  const deliveries = await addToOutbox({ db }, mails, now, about);
  // A message held for a decent hour (features/comeback) waits in the queue, not in memory.
  const { startAfter } = options;
  await sendJobs(db, startAfter ? deliveries.map((job) => ({ ...job, startAfter })) : deliveries);
  return deliveries.map((job) => job.id!);
}

/**
 * `enqueueMails` without the jobs' send: the outbox rows are written and their delivery jobs
 * returned, for a caller that sends them in one call with its own jobs (a booking does), in
 * the same transaction. A mail without its job is never sent: send them before the commit.
 */
export async function addToOutbox(
  { db }: MailDeps,
  mails: readonly OutgoingMail[],
  now: Date,
  about: MailSubject = {},
): Promise<JobToSend[]> {
  if (mails.length === 0) return [];
  const ids = mails.map(() => randomUUID());
  await repo.insertOutboxMails(db, mails.map(fitSubject), ids, now, about);
  return ids.map((mailId) => ({
    queue: MAIL_QUEUE,
    data: { mailId } satisfies MailJobData,
    id: mailId,
  }));
}

/** The outbox's subject column holds 300 characters; user text made inert may grow past it. */
const SUBJECT_MAX = 300;

function fitSubject(mail: OutgoingMail): OutgoingMail {
  if (mail.subject.length <= SUBJECT_MAX) return mail;
  // Whole code points (the column counts them), never half a surrogate pair.
  return {
    ...mail,
    subject: `${Array.from(mail.subject)
      .slice(0, SUBJECT_MAX - 10)
      .join('')}…`,
  };
}

/** One mail caused by one change; see `enqueueMails`. */
export async function enqueueMail(deps: MailDeps, mail: OutgoingMail, now: Date): Promise<string> {
  const [id] = await enqueueMails(deps, [mail], now);
  return id!;
}

/** The delivery state of these mails; one purged after its retention is absent. */
export function mailStates({ db }: MailDeps, ids: readonly string[]) {
  return repo.findMailStates(db, ids);
}

/**
 * Mails still waiting (a held one-tap message) that must not go: a client refused marketing.
 * Marked failed, their jobs deleted; a mail already sent is left as it is.
 */
export async function cancelPendingMails(
  { db }: MailDeps,
  professionalId: string,
  ids: readonly string[],
  reason: string,
): Promise<void> {
  const cancelled = await repo.cancelPendingMails(db, professionalId, ids, reason);
  await deleteJobs(db, MAIL_QUEUE, cancelled);
}

/** Deletes the mails about a client and their waiting jobs (docs/decisions/012-lgpd.md). */
export async function deleteMailsOfClient(
  { db }: MailDeps,
  professionalId: string,
  client: { id: string; email: string | null },
): Promise<number> {
  const ids = await repo.deleteMailsOfClient(db, professionalId, client.id, client.email);
  await deleteJobs(db, MAIL_QUEUE, ids);
  return ids.length;
}

/** Deletes every mail of an account (about it, or to its or its clients' addresses) and their jobs. */
export async function deleteMailsOfAccount(
  { db }: MailDeps,
  professionalId: string,
  addresses: readonly string[],
): Promise<number> {
  const ids = await repo.deleteMailsOfAccount(db, professionalId, addresses);
  await deleteJobs(db, MAIL_QUEUE, ids);
  return ids.length;
}
