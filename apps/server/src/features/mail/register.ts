import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import {
  createLogTransport,
  createMailWorker,
  createSmtpTransport,
  type MailWorker,
} from './worker';

/**
 * The outbox worker, as `app.mailWorker`: SMTP when SMTP_URL is set, else the log.
 * server.ts starts it; closing the app stops it before the database closes (preClose).
 */
export function registerMail(app: FastifyInstance, options: { env: Env; db: Db }): void {
  const { env } = options;
  const transport = env.SMTP_URL
    ? createSmtpTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
    : createLogTransport({ log: app.log, printToConsole: env.NODE_ENV !== 'test' });
  const worker = createMailWorker({ db: options.db, clock: app.clock, log: app.log, transport });
  app.decorate('mailWorker', worker);
  app.addHook('preClose', async () => {
    await worker.stop();
    transport.close?.();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
  }
}
