import { addDaysToDate, SERIES_HORIZON_DAYS } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { SERIES_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../plugins/jobs';
import { extendSeries } from './extend';
import * as repo from './repo';

/** Every hour at minute 23 (UTC): a series reaches the next day of its horizon within the hour. */
export const SERIES_CRON = '23 * * * *';
const BATCH = 200;

/**
 * The horário fixo's extension (extend.ts) as a cron job: pg-boss sends one job per tick across
 * every instance, and each series is extended under its row's lock, so a second run makes
 * nothing twice. A day past UTC's covers every zone's today; each series computes its own.
 */
export function createSeriesJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobWorker<object> {
  const { log, ...deps } = options;
  return {
    queue: SERIES_QUEUE,
    cron: SERIES_CRON,
    pollingIntervalSeconds: 30,
    async handle() {
      const today = deps.clock.now().toISOString().slice(0, 10);
      const horizon = addDaysToDate(today, SERIES_HORIZON_DAYS + 1);
      const due = await repo.listSeriesToExtend(deps.db, horizon, BATCH);
      let made = 0;
      let skipped = 0;
      for (const series of due) {
        const result = await extendSeries(deps, series.professionalId, series.id);
        made += result.made;
        skipped += result.skipped;
      }
      if (made + skipped > 0) log.info({ made, skipped }, 'series: occurrences extended');
    },
  };
}
