import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { MAIL_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker, RunningJob } from '../../plugins/jobs';
import { findPendingMails, markMailAttemptFailed, markMailsSent, type OutboxRow } from './repo';
import type { MailJobData } from './service';

/** How a mail leaves the building: SMTP, or the log when no SMTP is configured. */
export interface MailTransport {
  send(mail: OutboxRow): Promise<void>;
  close?(): void;
}

/** The first attempt and the queue's retries (db/queues.ts). */
export const MAX_ATTEMPTS = MAIL_QUEUE.retryLimit + 1;

/** The SMTP pool's connections and how long one may stay silent: they bound a batch's time. */
export const SMTP_POOL = { maxConnections: 5, socketTimeoutMs: 60_000 } as const;

/**
 * SMTP through a small pool of kept-open connections (nodemailer's pool): a burst of reminders
 * pays one handshake per connection, not one per mail, and a batch's mails (plugins/jobs.ts)
 * go out side by side over at most five connections.
 */
export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: SMTP_POOL.maxConnections,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: SMTP_POOL.socketTimeoutMs,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      });
    },
    close: () => transporter.close(),
  };
}

function boxed(lines: string[]): string {
  const width = Math.min(100, Math.max(...lines.map((line) => line.length)));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

/**
 * Without SMTP (the embedded default) every mail goes to the log, links on their own lines,
 * so whoever runs the server can confirm an account from the terminal.
 */
export function createLogTransport(options: {
  log: FastifyBaseLogger;
  printToConsole: boolean;
}): MailTransport {
  return {
    async send(mail) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info(
        { mail: { to: mail.toAddress, subject: mail.subject, links } },
        `E-mail não enviado (SMTP_URL não configurado) para ${mail.toAddress}: ${mail.subject}`,
      );
      if (options.printToConsole) {
        const header = [`Para: ${mail.toAddress}`, `Assunto: ${mail.subject}`, ''];
        // The links again below the box, bare, so a terminal copies them cleanly.
        const bare = links.map((link) => `  ${link}`).join('\n');
        console.log(`\n${boxed([...header, ...mail.text.split('\n')])}\nLinks:\n${bare}\n`);
      }
    },
  };
}

/**
 * Delivers one outbox mail per job (db/queues.ts MAIL_QUEUE), a batch of jobs at once: one read
 * of their mails still pending, the sends side by side, one write of those sent. A mail no
 * longer pending was sent by an earlier attempt of its job (whose completion was lost) and is
 * not sent again. A failed send is counted on its row and fails its job alone, so pg-boss retries
 * it with backoff; after the last attempt the row is marked failed.
 */
export function createMailDelivery(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  transport: MailTransport;
}): JobWorker<MailJobData> {
  const { db, clock, log, transport } = options;

  async function send(mail: OutboxRow, isLastAttempt: boolean): Promise<Error | undefined> {
    try {
      await transport.send(mail);
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Not counted on the row if the database is gone too: the job fails all the same, and
      // the batch's other mails are still marked sent.
      await markMailAttemptFailed(db, mail.id, { error: message, isFinal: isLastAttempt }).catch(
        (markError: unknown) =>
          log.warn({ mailId: mail.id, err: markError }, 'mail attempt not counted'),
      );
      const attempts = mail.attempts + 1;
      if (isLastAttempt) {
        log.error({ mailId: mail.id, attempts, err: error }, 'mail failed for good');
      } else {
        log.warn({ mailId: mail.id, attempts, err: error }, 'mail will be retried');
      }
      return error instanceof Error ? error : new Error(message);
    }
  }

  async function handleBatch(
    jobs: ReadonlyArray<RunningJob<MailJobData>>,
  ): Promise<Array<Error | undefined>> {
    const pending = await findPendingMails(
      db,
      jobs.map((job) => job.data.mailId),
    );
    const failures = await Promise.all(
      jobs.map((job) => {
        const mail = pending.get(job.data.mailId);
        return mail ? send(mail, job.isLastAttempt) : undefined;
      }),
    );
    const sent = jobs
      .filter((job, index) => pending.has(job.data.mailId) && !failures[index])
      .map((job) => job.data.mailId);
    await markMailsSent(db, sent, clock.now());
    return failures;
  }

  return {
    queue: MAIL_QUEUE,
    pollingIntervalSeconds: 2,
    handleBatch,
    async handle(job) {
      const [failure] = await handleBatch([job]);
      if (failure) throw failure;
    },
  };
}
