import type { FastifyBaseLogger } from 'fastify';
import { jobIdFor, sendJob } from '../../db/queue';
import { WAITLIST_SCAN_QUEUE, WAITLIST_SWEEP_QUEUE } from '../../db/queues';
import type { JobWorker } from '../../plugins/jobs';
import {
  hasWaiting,
  scanProfessional,
  sweepAll,
  type ScanData,
  type WaitlistDeps,
} from './service';

/**
 * A look at one professional's line (db/queues.ts WAITLIST_SCAN_QUEUE): sent when their time
 * changes, when a place or an offer is given up, and at each offer's deadline. The look changes
 * nothing twice, so a retry or a second instance taking the job is harmless.
 */
export function createScanJob(
  deps: WaitlistDeps & { log: FastifyBaseLogger },
): JobWorker<ScanData> {
  const { log, ...scan } = deps;
  return {
    queue: WAITLIST_SCAN_QUEUE,
    pollingIntervalSeconds: 2,
    async handle(job) {
      const offers = await scanProfessional(scan, job.data.professionalId);
      if (offers.length > 0) {
        log.info(
          { professionalId: job.data.professionalId, offers: offers.length },
          'waitlist: offers made',
        );
      }
    },
  };
}

/** Every minute, across instances: a look at each line (a notice missed, an offer overdue). */
export function createSweepJob(deps: WaitlistDeps): JobWorker<object> {
  return {
    queue: WAITLIST_SWEEP_QUEUE,
    cron: '* * * * *',
    pollingIntervalSeconds: 30,
    async handle() {
      await sweepAll(deps);
    },
  };
}

const BUCKET_MS = 2_000;

/**
 * The listener's side (app.ts): a professional's time changed (PostgreSQL's notice, from any
 * instance), so a look is due. One job per professional and 2-second window, due at its end, so
 * every instance hearing the notice sends the same job id and it runs once, after the change.
 */
export function createChangeListener(
  deps: Pick<WaitlistDeps, 'db' | 'clock'> & { log: FastifyBaseLogger },
) {
  const sent = new Map<string, number>();
  return async (professionalId: string) => {
    const bucket = Math.floor(Date.now() / BUCKET_MS);
    if (sent.get(professionalId) === bucket) return;
    sent.set(professionalId, bucket);
    if (sent.size > 10_000) sent.clear();
    try {
      if (!(await hasWaiting(deps, professionalId))) return;
      await sendJob(deps.db, WAITLIST_SCAN_QUEUE, { professionalId } satisfies ScanData, {
        id: jobIdFor(WAITLIST_SCAN_QUEUE, `${professionalId}:${bucket}`),
        startAfter: new Date((bucket + 1) * BUCKET_MS),
      });
    } catch (error) {
      // The minute's sweep looks anyway.
      deps.log.warn({ err: error }, 'waitlist: could not ask for a look');
    }
  };
}
