import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PURGE_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { isDatabaseUnavailable } from '../../lib/errors';
import type { JobWorker } from '../../plugins/jobs';
import type { FileStorage } from '../storage/service';
import { sweepOrphanFiles } from './orphan-files';
import { purgeExpiredRows } from './service';

/** Every hour at minute 17 (UTC), off the round hour that other systems' jobs crowd. */
export const PURGE_CRON = '17 * * * *';

/**
 * The hourly purge (features/maintenance/service.ts) as a cron job: pg-boss sends one job per
 * tick whatever the number of instances, and the purge itself is safe to run twice anyway.
 */
export function createPurgeJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
}): JobWorker<object> {
  const { db, clock, log, storage } = options;
  return {
    queue: PURGE_QUEUE,
    cron: PURGE_CRON,
    pollingIntervalSeconds: 30,
    async handle() {
      try {
        const result = await purgeExpiredRows({ db, clock });
        if (Object.values(result).some((count) => count > 0)) {
          log.info({ purged: result }, 'maintenance: expired rows deleted');
        }
        const orphans = await sweepOrphanFiles({ db, clock, storage });
        if (orphans > 0) log.info({ orphans }, 'maintenance: unreferenced files removed');
      } catch (error) {
        // The database away for a moment is not news (requests say so already); anything else is.
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: error }, 'maintenance: database unavailable; will try at the next run');
        } else {
          log.error({ err: error }, 'maintenance: purge failed');
        }
        throw error;
      }
    },
  };
}
