import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PACKAGE_EXPIRY_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../plugins/jobs';
import { expireClientPackage, type PackageExpiryJobData } from './service';

/**
 * A package's end of validity (db/queues.ts PACKAGE_EXPIRY_QUEUE), sent with its sale. The
 * handler expires only a package not yet expired (a conditional UPDATE), so a retry or a second
 * instance taking the job writes off nothing twice.
 */
export function createPackageExpiryJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobWorker<PackageExpiryJobData> {
  const { log, ...deps } = options;
  return {
    queue: PACKAGE_EXPIRY_QUEUE,
    pollingIntervalSeconds: 30,
    async handle(job) {
      if (await expireClientPackage(deps, job.data)) {
        log.info({ clientPackageId: job.data.clientPackageId }, 'package expired');
      }
    },
  };
}
