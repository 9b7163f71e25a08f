import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { DEPOSIT_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../plugins/jobs';
import { expireDeposit, type DepositJobData } from './service';

/**
 * The sinal's deadline (db/queues.ts DEPOSIT_QUEUE): sent with the booking, cancelled with a
 * confirmation or the client's cancel. The handler only calls `expireDeposit`, which changes
 * nothing twice, so a retry or a second instance taking the job is harmless.
 */
export function createDepositJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobWorker<DepositJobData> {
  const { log, ...deps } = options;
  return {
    queue: DEPOSIT_QUEUE,
    pollingIntervalSeconds: 10,
    async handle(job) {
      const expired = await expireDeposit(deps, job.data);
      if (expired)
        log.info({ bookingId: job.data.bookingId }, 'deposit expired, booking cancelled');
    },
  };
}
