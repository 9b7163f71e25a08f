import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { countSends, type Metrics } from '../../plugins/metrics';
import {
  createLogTransport,
  createMailDelivery,
  createSmtpTransport,
  type MailTransport,
} from './worker';

/** Each send counted in /metrics as sent or failed (an attempt; a failed one is retried). */
function counted(metrics: Metrics, transport: MailTransport): MailTransport {
  return {
    close: () => transport.close?.(),
    send: countSends(metrics, 'email', (mail) => transport.send(mail)),
  };
}

/**
 * Mail delivery as a job handler on `app.jobs` (plugins/jobs.ts): SMTP when SMTP_URL is set,
 * else the log. Closing the app closes the SMTP connections after the workers stopped.
 */
export function registerMail(app: FastifyInstance, options: { env: Env; db: Db }): void {
  const { env } = options;
  const transport = counted(
    app.metrics,
    env.SMTP_URL
      ? createSmtpTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
      : createLogTransport({ log: app.log, printToConsole: env.NODE_ENV !== 'test' }),
  );
  app.jobs.add(createMailDelivery({ db: options.db, clock: app.clock, log: app.log, transport }));
  app.addHook('onClose', () => transport.close?.());
}
