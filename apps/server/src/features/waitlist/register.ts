import type { FastifyInstance } from 'fastify';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { BookingDeps, PowDifficulty, PowSecrets } from '../booking/service';
import type { PublicReadCache } from '../public-profile/service';
import { createChangeListener, createScanJob, createSweepJob } from './job';
import { waitlistRoutes } from './routes';
import { deriveWaitlistKey } from './token';

/**
 * Lista de espera on the app (docs/product.md): its jobs, its routes, and what to do when a
 * professional's time changes (`onChange`, fed by the public cache's notices in app.ts).
 */
export async function registerWaitlist(
  app: FastifyInstance,
  options: {
    db: Db;
    cache: PublicReadCache;
    secret: string;
    publicUrl: string;
    manageKey: Buffer;
    pow: { secrets: PowSecrets; difficulty: PowDifficulty };
    pix?: BookingDeps['pix'];
    holdSeconds?: number;
    whatsappConfig?: WhatsappConfig | null;
  },
): Promise<(professionalId: string) => Promise<void>> {
  const { db, publicUrl, holdSeconds, whatsappConfig } = options;
  const deps = {
    db,
    clock: app.clock,
    key: deriveWaitlistKey(options.secret),
    publicUrl,
    holdSeconds,
    whatsappConfig,
  };
  app.jobs.add(createScanJob({ ...deps, log: app.log }));
  app.jobs.add(createSweepJob(deps));
  await app.register(waitlistRoutes, {
    db,
    key: deps.key,
    publicUrl,
    holdSeconds,
    whatsappConfig,
    cache: options.cache,
    manageKey: options.manageKey,
    pow: options.pow,
    pix: options.pix,
  });
  return createChangeListener({ db, clock: app.clock, log: app.log });
}
