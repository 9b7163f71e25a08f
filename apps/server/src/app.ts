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
import { createMailRequestJob } from './features/auth/mail-request-job';
import { authRoutes } from './features/auth/routes';
import { createSignedInLookup } from './features/auth/signed-in';
import { renderLandingPage } from './features/config/landing';
import { configRoutes } from './features/config/routes';
import { adminRoutes } from './features/admin/routes';
import { agendaRoutes } from './features/agenda/routes';
import { appointmentsRoutes } from './features/appointments/routes';
import { listLiveAppointmentsBetween, noShowCountOf } from './features/appointments/service';
import { availabilityRoutes } from './features/availability/routes';
import { bookingProtectionRoutes } from './features/booking/protection-routes';
import { deriveCodeKey } from './features/booking/email-code';
import {
  DEFAULT_POW_DIFFICULTY,
  derivePowSecrets,
  type PowDifficulty,
} from './features/booking/pow';
import { bookingRoutes } from './features/booking/routes';
import { calendarFeedRoutes } from './features/calendar-feed/routes';
import { billingRoutes, createPaymentProvider } from './features/billing/routes';
import { clientsRoutes } from './features/clients/routes';
import { anamnesisRoutes } from './features/anamnesis/routes';
import { comebackRoutes } from './features/comeback/routes';
import { createComebackJob } from './features/comeback/tick';
import { deriveUnsubscribeKey } from './features/comeback/unsubscribe';
import { dashboardRoutes } from './features/dashboard/routes';
import { healthRoutes } from './features/health/routes';
import { registerMail } from './features/mail/register';
import { createPurgeJob } from './features/maintenance/job';
import { createScrubber } from './db/scrub';
import { privacyRoutes } from './features/privacy/routes';
import { createDepositJob } from './features/deposits/job';
import { depositsRoutes } from './features/deposits/routes';
import { createPackageExpiryJob } from './features/packages/job';
import { packagesRoutes } from './features/packages/routes';
import { paymentsRoutes } from './features/payments/routes';
import { createManageLinkCheck } from './features/manage/page-check';
import { manageRoutes } from './features/manage/routes';
import { deriveManageKey } from './features/manage/token';
import { ensureManageLink } from './features/manage/service';
import { seriesRoutes } from './features/series/routes';
import { createSeriesJob } from './features/series/service';
import { createSecretBox, deriveSecretBoxKey } from './lib/secret-box';
import { createMercadoPagoPix } from './features/pix-provider/mercado-pago';
import { pixProviderRoutes } from './features/pix-provider/routes';
import { resealAllCredentials } from './features/pix-provider/service';
import { profileRoutes } from './features/profile/routes';
import { createPushJob } from './features/push/job';
import { pushRoutes } from './features/push/routes';
import { createPushSender, vapidSubject } from './features/push/sender';
import { resolveVapidKeys } from './features/push/vapid';
import { renderSharedLinkPage } from './features/public-profile/html';
import { reportsRoutes } from './features/reports/routes';
import { publicProfileRoutes } from './features/public-profile/routes';
import { PROFESSIONAL_CHANGED_CHANNEL, PublicReadCache } from './features/public-profile/cache';
import { getPublicProfessional } from './features/public-profile/service';
import { createRateLimitStore } from './features/rate-limits/service';
import { scheduleRoutes } from './features/schedule/routes';
import { servicesRoutes } from './features/services/routes';
import { registerWaitlist } from './features/waitlist/register';
import { uploadsRoutes } from './features/storage/routes';
import { createFileStorage, getImageOrigins } from './features/storage/service';
import { systemClock, type Clock } from './lib/clock';
import { withRedactedLogs } from './lib/log-redaction';
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
    logger: withRedactedLogs(options.logger, env.LOG_LEVEL),
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
  const manageJobDeps = { db: database.db, clock, key: manageKey, publicUrl: env.PUBLIC_URL };
  addMessageJobs(app, { ...manageJobDeps, whatsapp: env.whatsapp });
  app.jobs.add(createDepositJob({ db: database.db, clock, log: app.log }));
  app.jobs.add(createSeriesJob({ db: database.db, clock, log: app.log }));
  app.jobs.add(createPackageExpiryJob({ db: database.db, clock, log: app.log }));
  // Web Push's keys, from the same secret unless the operator set a pair (features/push/vapid.ts).
  const vapid = resolveVapidKeys(secret, {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  });
  app.jobs.add(
    createPushJob({
      db: database.db,
      sender: createPushSender({ vapid, subject: vapidSubject(env.PUBLIC_URL, env.MAIL_FROM) }),
      log: app.log.child({ feature: 'push' }),
    }),
  );
  // Clients who come back (issue 50): the stop link's key and the automations' tick.
  const comebackDeps = {
    db: database.db,
    clock,
    publicUrl: env.PUBLIC_URL,
    unsubscribeKey: deriveUnsubscribeKey(secret),
    box: secretBox,
  };
  app.jobs.add(
    createComebackJob({
      ...comebackDeps,
      log: app.log.child({ feature: 'comeback' }),
      daySeconds: env.AUTOMATION_DAY_SECONDS,
      anyHour: env.AUTOMATION_ANY_HOUR,
    }),
  );
  app.jobs.add(
    createMailRequestJob({ db: database.db, box: secretBox, clock, publicUrl: env.PUBLIC_URL }),
  );

  await app.register(healthRoutes, { database });
  await app.register(configRoutes, { env });
  await app.register(authRoutes, {
    db: database.db,
    box: secretBox,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(profileRoutes, { db: database.db });
  await app.register(dashboardRoutes, { db: database.db });
  await app.register(uploadsRoutes, { storage });
  await app.register(servicesRoutes, { db: database.db, storage });
  await app.register(availabilityRoutes, { db: database.db });
  await app.register(scheduleRoutes, {
    db: database.db,
    listLiveAppointments: (db, professionalId, range) =>
      listLiveAppointmentsBetween({ db }, professionalId, range),
  });
  await app.register(clientsRoutes, {
    db: database.db,
    noShowCountOf: (professionalId, clientId) =>
      noShowCountOf({ db: database.db }, professionalId, clientId),
  });
  await app.register(appointmentsRoutes, { db: database.db });
  await app.register(comebackRoutes, comebackDeps);
  await app.register(anamnesisRoutes, { ...comebackDeps, key: manageKey });
  await app.register(billingRoutes, { db: database.db, env });
  await app.register(pixProviderRoutes, {
    db: database.db,
    box: secretBox,
    provider: pixProvider,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(calendarFeedRoutes, { db: database.db, publicUrl: env.PUBLIC_URL });
  await app.register(reportsRoutes, { db: database.db });
  await app.register(agendaRoutes, { db: database.db });
  await app.register(seriesRoutes, {
    db: database.db,
    manageLinkOf: (db, professionalId, bookingId, now) =>
      ensureManageLink({ ...manageJobDeps, db }, professionalId, bookingId, now),
  });
  await app.register(depositsRoutes, { db: database.db });
  await app.register(packagesRoutes, { db: database.db });
  await app.register(paymentsRoutes, { db: database.db });
  await app.register(pushRoutes, {
    db: database.db,
    publicKey: vapid.publicKey,
    extraOrigins: env.PUSH_SERVICE_ORIGINS,
  });
  await app.register(privacyRoutes, {
    db: database.db,
    storage,
    provider: createPaymentProvider(env, app),
    publicUrl: env.PUBLIC_URL,
    scrubber: createScrubber(database),
    box: secretBox,
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
