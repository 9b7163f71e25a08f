import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { claimDueMails, markMailFailed, markMailRetry, markMailSent, type OutboxRow } from './repo';

/** How a claimed mail leaves the building: SMTP, or the log when no SMTP is configured. */
export interface MailTransport {
  send(mail: OutboxRow): Promise<void>;
  close?(): void;
}

export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … 32 min between attempts: about an hour before giving up. */
export const RETRY_BASE_MS = 30_000;
/** Longer than any SMTP timeout below, so a live worker never loses its lease mid-send. */
const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 5_000;

export function retryDelayMs(attempts: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
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

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Claims the due mails once and tries each; for tests and scripted runs. */
  processOutboxOnce(): Promise<OutboxRunResult>;
  /** Polls the outbox until `stop()`; started by server.ts. */
  start(): void;
  stop(): Promise<void>;
  /** Asks a started worker to look at the outbox now (after a mail was queued). */
  wake(): void;
}

export function createMailWorker(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  transport: MailTransport;
}): MailWorker {
  const { db, clock, log, transport } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStarted = false;

  async function deliver(mail: OutboxRow, result: OutboxRunResult): Promise<void> {
    try {
      await transport.send(mail);
      await markMailSent(db, mail.id, clock.now());
      result.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= MAX_ATTEMPTS) {
        await markMailFailed(db, mail.id, message);
        log.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail failed for good');
        result.failed += 1;
        return;
      }
      const nextAttemptAt = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
      await markMailRetry(db, mail.id, { nextAttemptAt, error: message });
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, nextAttemptAt, err: error },
        'mail will be retried',
      );
      result.retried += 1;
    }
  }

  async function processOutboxOnce(): Promise<OutboxRunResult> {
    const now = clock.now();
    const claimed = await claimDueMails(db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: BATCH_SIZE,
    });
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
    for (const mail of claimed) await deliver(mail, result);
    return result;
  }

  async function drain(): Promise<void> {
    try {
      // A full batch may mean more is waiting: keep going until a batch comes back short.
      for (;;) {
        const { sent, retried, failed } = await processOutboxOnce();
        if (sent + retried + failed < BATCH_SIZE || !isStarted) break;
      }
    } catch (error) {
      log.warn({ err: error }, 'mail outbox unavailable; will try again');
    }
  }

  function schedule(delayMs: number): void {
    if (!isStarted) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = drain().finally(() => {
        running = undefined;
        schedule(POLL_INTERVAL_MS);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    processOutboxOnce,
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(0);
    },
    async stop() {
      isStarted = false;
      clearTimeout(timer);
      await running;
    },
    wake() {
      if (isStarted && !running) schedule(0);
    },
  };
}
