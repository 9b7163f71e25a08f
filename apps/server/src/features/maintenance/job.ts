import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { isDatabaseUnavailable } from '../../lib/errors';
import { purgeExpiredRows, type PurgeResult } from './service';

/** Soon after start, once the start-up work is done; then every hour. */
export const FIRST_RUN_DELAY_MS = 60_000;
export const RUN_INTERVAL_MS = 60 * 60_000;

export interface MaintenanceJob {
  /** Purges once (a run already going is joined, not doubled); never throws, logs instead. */
  runOnce(): Promise<PurgeResult | undefined>;
  /** Runs after `firstDelayMs`, then every `intervalMs`, until `stop()`; started by server.ts. */
  start(): void;
  /** Cancels the next run and waits for one in progress. */
  stop(): Promise<void>;
}

export function createMaintenanceJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  firstDelayMs?: number;
  intervalMs?: number;
}): MaintenanceJob {
  const { db, clock, log } = options;
  const firstDelayMs = options.firstDelayMs ?? FIRST_RUN_DELAY_MS;
  const intervalMs = options.intervalMs ?? RUN_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PurgeResult | undefined> | undefined;
  let isStarted = false;

  async function purge(): Promise<PurgeResult | undefined> {
    try {
      const result = await purgeExpiredRows(db, clock.now());
      if (Object.values(result).some((count) => count > 0)) {
        log.info({ purged: result }, 'maintenance: expired rows deleted');
      }
      return result;
    } catch (error) {
      // The database away for a moment is not news (requests say so already); anything else is.
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error }, 'maintenance: database unavailable; will try at the next run');
      } else {
        log.error({ err: error }, 'maintenance: purge failed');
      }
      return undefined;
    }
  }

  function runOnce(): Promise<PurgeResult | undefined> {
    running ??= purge().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (!isStarted) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void runOnce().then(() => schedule(intervalMs));
    }, delayMs);
    // Never keeps the process alive on its own.
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(firstDelayMs);
    },
    async stop() {
      isStarted = false;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The purge job, as `app.maintenance`, on the app clock. server.ts starts it; closing the app
 * stops it before the database closes (preClose).
 */
export function registerMaintenance(app: FastifyInstance, options: { db: Db }): void {
  const job = createMaintenanceJob({ db: options.db, clock: app.clock, log: app.log });
  app.decorate('maintenance', job);
  app.addHook('preClose', async () => {
    await job.stop();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceJob;
  }
}
