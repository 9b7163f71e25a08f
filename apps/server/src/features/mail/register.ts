import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { createLogTransport, createMailDelivery, createSmtpTransport } from './worker';

/**
 * Mail delivery as a job handler on `app.jobs` (plugins/jobs.ts): SMTP when SMTP_URL is set,
 * else the log. Closing the app closes the SMTP connections after the workers stopped.
 */
export function registerMail(app: FastifyInstance, options: { env: Env; db: Db }): void {
  const { env } = options;
  const transport = env.SMTP_URL
    ? createSmtpTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
    : createLogTransport({ log: app.log, printToConsole: env.NODE_ENV !== 'test' });
  app.jobs.add(createMailDelivery({ db: options.db, clock: app.clock, log: app.log, transport }));
  app.addHook('onClose', () => transport.close?.());
}
