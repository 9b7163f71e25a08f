import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from './config/env';
import { toFastifyTrustProxy } from './config/trust-proxy';
import type { Database } from './db/client';
import { createAuth } from './features/auth/better-auth';
import { resolveServerSecret } from './features/auth/server-secret';
import { authRoutes } from './features/auth/routes';
import { createSignedInLookup } from './features/auth/signed-in';
import { renderLandingPage } from './features/config/landing';
import { configRoutes } from './features/config/routes';
import { adminRoutes } from './features/admin/routes';
import { bookingProtectionRoutes } from './features/booking/protection-routes';
import { deriveCodeKey } from './features/booking/email-code';
import {
  DEFAULT_POW_DIFFICULTY,
  derivePowSecrets,
  type PowDifficulty,
} from './features/booking/pow';
import { bookingRoutes } from './features/booking/routes';
import { healthRoutes } from './features/health/routes';
import { registerMail } from './features/mail/register';
import { createPurgeJob } from './features/maintenance/job';
import { createManageLinkCheck } from './features/manage/page-check';
import { manageRoutes } from './features/manage/routes';
import { deriveManageKey } from './features/manage/token';
import { createSecretBox, deriveSecretBoxKey } from './lib/secret-box';
import { createMercadoPagoPix } from './features/pix-provider/mercado-pago';
import { resealAllCredentials } from './features/pix-provider/service';
import { renderSharedLinkPage } from './features/public-profile/html';
import { publicProfileRoutes } from './features/public-profile/routes';
import { PROFESSIONAL_CHANGED_CHANNEL, PublicReadCache } from './features/public-profile/cache';
import { getPublicProfessional } from './features/public-profile/service';
import { createRateLimitStore } from './features/rate-limits/service';
import { registerWaitlist } from './features/waitlist/register';
import { isWaitlistLinkKnown } from './features/waitlist/service';
import { createFileStorage, getImageOrigins } from './features/storage/service';
import { systemClock, type Clock } from './lib/clock';
import { withRedactedLogs } from './lib/log-redaction';
import { registerRequestContext, withRequestIds } from './lib/request-context';
import { registerAuth } from './plugins/auth';
import {
  answerFrameworkError,
  createClientErrorHandler,
  registerErrorHandling,
} from './plugins/errors';
import { registerJobs } from './plugins/jobs';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRateLimiter } from './plugins/rate-limit';
import { buildSecurityHeaders, registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import { whatsappInboxRoutes } from './features/whatsapp-inbox/routes';
import { whatsappRoutes } from './features/whatsapp/routes';
import { addMessageJobs } from './message-jobs';
import { addFeatureJobs, registerWorkspaceRoutes } from './workspace';

// Messages a schema does not set itself (e.g. a body that is not an object) come out in pt-BR.
z.config(z.locales.ptBR());

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The booking form's proof of work; tests pass a cheap one (default: decision 028's). */
  bookingPow?: PowDifficulty;
}

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests can `inject` into it (STYLE.md 4). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const securityHeaders = buildSecurityHeaders({
    publicUrl: env.PUBLIC_URL,
    imageOrigins: getImageOrigins(env),
  });
  const app = Fastify({
    logger: withRequestIds(withRedactedLogs(options.logger, env.LOG_LEVEL)),
    // A request id in every log line of the request and in its 5xx answer (plugins/errors.ts),
    // made here: one sent by the client could pass for another's.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: toFastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Long enough for a slow phone upload, short enough to shed stuck connections.
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    // Errors raised before routing skip the onRequest hooks: they get the headers here.
    frameworkErrors: (error, _request, reply) =>
      answerFrameworkError(error, reply.headers(securityHeaders)),
    clientErrorHandler: createClientErrorHandler(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('clock', clock);

  // First, so that every other hook and the handlers run inside the request's context.
  registerRequestContext(app);

  registerErrorHandling(app, { pingDatabase: database.ping });
  registerSecurityHeaders(app, securityHeaders);
  registerOriginCheck(app, { publicUrl: env.PUBLIC_URL });
  registerRateLimiter(app, createRateLimitStore({ db: database.db }));
  const metrics = createMetrics({ queueSizes: () => app.jobs.queueSizes(), database });
  registerMetrics(app, metrics, { token: env.METRICS_TOKEN });
  registerJobs(app, { database, observe: metrics.jobsRan });
  registerMail(app, { env, db: database.db });
  const storage = createFileStorage(env);
  app.jobs.add(createPurgeJob({ db: database.db, clock, log: app.log, storage }));
  const secret = await registerSessions(app, env, database);
  // The manage links' key (features/manage/token.ts), from the secret every instance shares.
  const manageKey = deriveManageKey(secret);
  // The PSP credentials at rest (lib/secret-box.ts), sealed with a key from the same secret.
  const secretBox = createSecretBox(deriveSecretBoxKey(secret));
  const pixProvider = createMercadoPagoPix({
    apiBase: env.MERCADO_PAGO_API_BASE,
    clock,
    log: app.log.child({ feature: 'pix-provider' }),
  });
  const manageJobDeps = {
    db: database.db,
    clock,
    key: manageKey,
    publicUrl: env.PUBLIC_URL,
    noticeWindowMs: env.CHANGE_NOTICE_WINDOW_SECONDS * 1000,
  };
  addMessageJobs(app, { ...manageJobDeps, whatsapp: env.whatsapp });
  const { vapid, comebackDeps } = addFeatureJobs(app, {
    env,
    db: database.db,
    clock,
    secret,
    secretBox,
  });

  await app.register(healthRoutes, { database });
  await app.register(configRoutes, { env });
  await app.register(authRoutes, {
    db: database.db,
    box: secretBox,
    publicUrl: env.PUBLIC_URL,
  });
  await registerWorkspaceRoutes(app, {
    env,
    database,
    storage,
    secretBox,
    pixProvider,
    manageLinkDeps: manageJobDeps,
    vapidPublicKey: vapid.publicKey,
    comebackDeps,
  });
  let timeChanged: (professionalId: string) => unknown = () => undefined;
  const publicReads = {
    db: database.db,
    cache: await startPublicReadCache(app, database, (id) => timeChanged(id)),
  };
  await app.register(adminRoutes, {
    db: database.db,
    cache: publicReads.cache,
    publicUrl: env.PUBLIC_URL,
    planPriceCents: env.PLAN_PRICE_CENTS,
  });
  await app.register(publicProfileRoutes, publicReads);
  const pow = {
    secrets: derivePowSecrets(secret),
    difficulty: options.bookingPow ?? DEFAULT_POW_DIFFICULTY,
  };
  const pix = {
    box: secretBox,
    provider: pixProvider,
    publicUrl: env.PUBLIC_URL,
    log: app.log.child({ feature: 'pix-provider' }),
  };
  const booking = {
    ...publicReads,
    publicUrl: env.PUBLIC_URL,
    manageKey,
    pow,
    pix,
    whatsapp: env.whatsapp !== null,
  };
  await app.register(bookingRoutes, { ...booking, codeKey: deriveCodeKey(secret) });
  timeChanged = await registerWaitlist(app, {
    ...booking,
    secret,
    holdSeconds: env.WAITLIST_HOLD_SECONDS,
    whatsappConfig: env.whatsapp,
  });
  await app.register(manageRoutes, {
    ...publicReads,
    publicUrl: env.PUBLIC_URL,
    key: manageKey,
    noticeWindowMs: env.CHANGE_NOTICE_WINDOW_SECONDS * 1000,
  });
  await app.register(bookingProtectionRoutes, publicReads);
  await app.register(whatsappRoutes, { db: database.db, config: env.whatsapp });
  await app.register(whatsappInboxRoutes, {
    config: env.whatsapp,
    deps: {
      ...publicReads,
      publicUrl: env.PUBLIC_URL,
      key: manageKey,
      noticeWindowMs: env.CHANGE_NOTICE_WINDOW_SECONDS * 1000,
    },
  });

  await registerWebApp(
    app,
    env.WEB_DIST_DIR,
    {
      loadProfessional: (identifier) => getPublicProfessional(publicReads, identifier, clock.now()),
      renderPage: (pageHtml, data) => renderSharedLinkPage(pageHtml, data, env.PUBLIC_URL),
      checkManageLink: createManageLinkCheck(
        { db: database.db, clock, key: manageKey, publicUrl: env.PUBLIC_URL },
        app.rateLimiter,
      ),
      checkWaitlistLink: (token) => isWaitlistLinkKnown(database.db, token),
    },
    { renderPage: (pageHtml) => renderLandingPage(pageHtml, env) },
  );
  return app;
}

/** better-auth over features/auth's tables, and the lookups the auth plugin asks the features for. */
async function registerSessions(app: App, env: Env, database: Database): Promise<string> {
  const { db } = database;
  const secret = await resolveServerSecret({
    db,
    databaseKind: database.kind,
    configured: env.AUTH_SECRET,
    dataDir: env.DATA_DIR,
    log: app.log,
    reseal: (tx, from, to) =>
      resealAllCredentials(
        tx,
        createSecretBox(deriveSecretBoxKey(from)),
        createSecretBox(deriveSecretBoxKey(to)),
      ),
  });
  registerAuth(app, createAuth({ env, db, secret, log: app.log }), {
    findSignedIn: createSignedInLookup(db),
  });
  return secret;
}

/**
 * The public booking's read cache (features/public-profile/cache.ts), fed by PostgreSQL's
 * notices. A professional's own change also clears their entries here before the answer leaves,
 * so they see it at once even before the notice arrives.
 */
async function startPublicReadCache(
  app: App,
  database: Database,
  onChange: (professionalId: string) => unknown,
): Promise<PublicReadCache> {
  const cache = new PublicReadCache();
  app.decorate('publicReadCache', cache);
  const listener = database.listen(PROFESSIONAL_CHANGED_CHANNEL, {
    notice: (payload) => {
      cache.notice(payload);
      // The waiting list looks at a professional whose time changed (features/waitlist).
      if (payload !== '*') onChange(payload.split(':')[0]!);
    },
    listening: (active) => cache.setListening(active),
  });
  app.addHook('onClose', () => listener.close());
  app.addHook('onSend', (request, _reply, _payload, done) => {
    if (request.professional && request.method !== 'GET' && request.method !== 'HEAD') {
      cache.changed(request.professional.profileId, 'all');
    }
    done();
  });
  await listener.ready;
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    publicReadCache: PublicReadCache;
  }
}
