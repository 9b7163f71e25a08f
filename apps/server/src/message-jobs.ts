import type { FastifyInstance } from 'fastify';
import type { WhatsappConfig } from './config/env';
import type { Db } from './db/client';
import { createChangeNoticeJob } from './features/manage/change-notice';
import { createReminderJob } from './features/manage/reminders';
import {
  createWhatsappApi,
  createWhatsappJob,
  planChangeMessage,
  planReminderMessage,
  type WhatsappApi,
} from './features/whatsapp/service';
import type { Clock } from './lib/clock';
import { countSends, type Metrics } from './plugins/metrics';

/** Each message handed to Meta counted in /metrics (an attempt; a failed one may be retried). */
function counted(metrics: Metrics, api: WhatsappApi): WhatsappApi {
  return {
    ...api,
    sendTemplate: countSends(metrics, 'whatsapp', (message) => api.sendTemplate(message)),
    sendText: countSends(metrics, 'whatsapp', (to, text) => api.sendText(to, text)),
  };
}

/**
 * The jobs that message clients after a booking: the reminder, the change notice and the
 * WhatsApp sender. WhatsApp (features/whatsapp) takes reminders and change notices when
 * configured; features/manage is handed these functions, so it imports no sender.
 */
export function addMessageJobs(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; key: Buffer; publicUrl: string; whatsapp: WhatsappConfig | null },
): void {
  const { whatsapp: config, ...manage } = deps;
  const whatsapp = { db: deps.db, config };
  app.jobs.add(
    createReminderJob({
      ...manage,
      log: app.log,
      reminderChannel: (db, reminder) =>
        planReminderMessage(whatsapp, db, reminder, deps.clock.now()),
    }),
  );
  app.jobs.add(
    createChangeNoticeJob({
      ...manage,
      log: app.log,
      changeChannel: (db, change) => planChangeMessage(whatsapp, db, change, deps.clock.now()),
    }),
  );
  app.jobs.add(
    createWhatsappJob({
      ...manage,
      config,
      api: config ? counted(app.metrics, createWhatsappApi(config)) : null,
      log: app.log.child({ feature: 'whatsapp' }),
    }),
  );
}
