import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { authRoutes } from './features/auth/routes';
import { configRoutes } from './features/config/routes';
import { appointmentsRoutes } from './features/appointments/routes';
import { availabilityRoutes } from './features/availability/routes';
import { bookingRoutes } from './features/booking/routes';
import { billingRoutes } from './features/billing/routes';
import { clientsRoutes } from './features/clients/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { healthRoutes } from './features/health/routes';
import { profileRoutes } from './features/profile/routes';
import { publicProfileRoutes } from './features/public-profile/routes';
import { getPublicProfessional } from './features/public-profile/service';
import { servicesRoutes } from './features/services/routes';
import { uploadsRoutes } from './features/storage/routes';
import { createFileStorage, getImageOrigins } from './features/storage/service';
import { systemClock, type Clock } from './lib/clock';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerMail } from './plugins/mail';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRateLimiter } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

// Messages a schema does not set itself (e.g. a body that is not an object) come out in pt-BR.
z.config(z.locales.ptBR());

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests can `inject` into it (STYLE.md 4). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long enough for a slow phone upload, short enough to shed stuck connections.
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('clock', clock);

  registerErrorHandling(app);
  await registerSecurityHeaders(app, {
    publicUrl: env.PUBLIC_URL,
    imageOrigins: getImageOrigins(env),
  });
  registerOriginCheck(app, { publicUrl: env.PUBLIC_URL });
  registerRateLimiter(app, database.db);
  registerMail(app, { env, db: database.db });
  await registerAuth(app, { env, db: database.db });

  await app.register(healthRoutes, { database });
  await app.register(configRoutes, { env });
  await app.register(authRoutes, { db: database.db, publicUrl: env.PUBLIC_URL });
  await app.register(profileRoutes, { db: database.db });
  await app.register(dashboardRoutes, { db: database.db });
  const storage = createFileStorage(env);
  await app.register(uploadsRoutes, { storage });
  await app.register(servicesRoutes, { db: database.db, storage });
  await app.register(availabilityRoutes, { db: database.db });
  await app.register(clientsRoutes, { db: database.db });
  await app.register(appointmentsRoutes, { db: database.db });
  await app.register(billingRoutes, { db: database.db, env });
  await app.register(publicProfileRoutes, { db: database.db });
  await app.register(bookingRoutes, { db: database.db, publicUrl: env.PUBLIC_URL });

  await registerWebApp(app, env.WEB_DIST_DIR, {
    publicUrl: env.PUBLIC_URL,
    loadProfessional: (identifier) => getPublicProfessional(database.db, identifier, clock.now()),
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
