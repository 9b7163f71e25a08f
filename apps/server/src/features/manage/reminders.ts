import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { REMINDER_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../plugins/jobs';
import type { ReminderJobData } from '../appointments/service';
import { sendReminder, type ReminderChannel } from './service';

/**
 * The e-mail reminder's handler (db/queues.ts REMINDER_QUEUE). Its job is sent, moved and
 * cancelled with the booking's own changes (features/appointments/reminder-schedule.ts); the handler only checks the
 * booking again and queues the mail once (`sendReminder`).
 */
export function createReminderJob(options: {
  db: Db;
  clock: Clock;
  key: Buffer;
  publicUrl: string;
  log: FastifyBaseLogger;
  reminderChannel?: ReminderChannel;
}): JobWorker<ReminderJobData> {
  const { log, ...deps } = options;
  return {
    queue: REMINDER_QUEUE,
    pollingIntervalSeconds: 15,
    async handle(job) {
      const sent = await sendReminder(deps, job.data.professionalId, job.data.bookingId);
      if (sent) log.info({ bookingId: job.data.bookingId }, 'reminder queued');
    },
  };
}
