import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PUSH_QUEUE } from '../../db/queues';
import type { JobWorker } from '../../plugins/jobs';
import { buildPushMessage } from './message';
import * as repo from './repo';
import type { PushSender } from './sender';
import type { PushJobData } from './types';

/**
 * The push queue's handler: the event's message to each device that wants its kind. A device
 * reached is recorded before the next, so a retry (a push service down, a restart) skips it and
 * each device is told once; a device the push service no longer knows (404/410) is removed.
 */
export function createPushJob(deps: {
  db: Db;
  sender: PushSender;
  log: FastifyBaseLogger;
}): JobWorker<PushJobData> {
  const { db, sender, log } = deps;
  return {
    queue: PUSH_QUEUE,
    // A booking's buzz is awaited: look often.
    pollingIntervalSeconds: 2,
    async handle(job) {
      const { professionalId, kind } = job.data;
      const eventKey = `${job.id}:${job.data.at}`;
      // Devices first: most professionals have none, and their booking is then not read at all.
      const targets = await repo.listTargets(db, professionalId, kind, job.data.subscriptionId);
      const message = targets.length > 0 ? await buildPushMessage(db, job.data) : undefined;
      if (!message) {
        // A device that turned the kind off after a failed attempt may hold this event's row.
        await repo.clearDeliveries(db, professionalId, eventKey);
        return;
      }
      const reached = new Set(await repo.listDelivered(db, professionalId, eventKey));
      const payload = JSON.stringify(message);
      let failure: unknown;
      for (const target of targets) {
        if (reached.has(target.id)) continue;
        try {
          const outcome = await sender.send(target, payload);
          if (outcome === 'gone') await repo.deleteDevice(db, professionalId, target.id);
          else await repo.recordDelivery(db, professionalId, target.id, eventKey);
          if (outcome === 'rejected') log.warn({ kind }, 'push message refused by the service');
        } catch (error) {
          failure = error;
        }
      }
      if (failure !== undefined && !job.isLastAttempt) throw failure;
      if (failure !== undefined) log.warn({ err: failure, kind }, 'push message not delivered');
      await repo.clearDeliveries(db, professionalId, eventKey);
    },
  };
}
