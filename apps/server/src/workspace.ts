// What app.ts wires for the signed-in workspace and the features' jobs, apart so that the app's
// assembly stays one page: the routes that take only the database and the keys app.ts derives.
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env';
import type { Database, Db } from './db/client';
import { createScrubber } from './db/scrub';
import { createMailRequestJob } from './features/auth/mail-request-job';
import { agendaRoutes } from './features/agenda/routes';
import { anamnesisRoutes } from './features/anamnesis/routes';
import { appointmentsRoutes } from './features/appointments/routes';
import { listLiveAppointmentsBetween, noShowCountOf } from './features/appointments/service';
import { availabilityRoutes } from './features/availability/routes';
import { billingRoutes, createPaymentProvider } from './features/billing/routes';
import { calendarFeedRoutes } from './features/calendar-feed/routes';
import { clientsRoutes } from './features/clients/routes';
import { comebackRoutes } from './features/comeback/routes';
import { createComebackJob } from './features/comeback/tick';
import { deriveUnsubscribeKey } from './features/comeback/unsubscribe';
import { dashboardRoutes } from './features/dashboard/routes';
import { createDepositJob } from './features/deposits/job';
import { depositsRoutes } from './features/deposits/routes';
import {
  ensureManageLink,
  type ManageDeps,
  planProfessionalNotice,
} from './features/manage/service';
import { createPackageExpiryJob } from './features/packages/job';
import { packagesRoutes } from './features/packages/routes';
import { paymentsRoutes } from './features/payments/routes';
import type { PixProvider } from './features/pix-provider/provider';
import { pixProviderRoutes } from './features/pix-provider/routes';
import { privacyRoutes } from './features/privacy/routes';
import { profileRoutes } from './features/profile/routes';
import { createPushJob } from './features/push/job';
import { pushRoutes } from './features/push/routes';
import { createPushSender, type PushSender, vapidSubject } from './features/push/sender';
import { resolveVapidKeys } from './features/push/vapid';
import { reportsRoutes } from './features/reports/routes';
import { scheduleRoutes } from './features/schedule/routes';
import { seriesRoutes } from './features/series/routes';
import { createSeriesJob } from './features/series/service';
import { servicesRoutes } from './features/services/routes';
import { uploadsRoutes } from './features/storage/routes';
import type { FileStorage } from './features/storage/service';
import type { Clock } from './lib/clock';
import type { SecretBox } from './lib/secret-box';
import { countSends } from './plugins/metrics';

/** Each push counted in /metrics: sent when the service took it, else failed (gone, refused). */
function countedPush(app: FastifyInstance, sender: PushSender): PushSender {
  return {
    send: countSends(
      app.metrics,
      'push',
      (target, payload) => sender.send(target, payload),
      (outcome) => outcome === 'sent',
    ),
  };
}

/** The features' own jobs (messages are message-jobs.ts's); what their routes share with them. */
export function addFeatureJobs(
  app: FastifyInstance,
  deps: { env: Env; db: Db; clock: Clock; secret: string; secretBox: SecretBox },
) {
  const { env, db, clock, secret, secretBox } = deps;
  app.jobs.add(createDepositJob({ db: db, clock, log: app.log }));
  app.jobs.add(createSeriesJob({ db: db, clock, log: app.log }));
  app.jobs.add(createPackageExpiryJob({ db: db, clock, log: app.log }));
  // Web Push's keys, from the same secret unless the operator set a pair (features/push/vapid.ts).
  const vapid = resolveVapidKeys(secret, {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  });
  app.jobs.add(
    createPushJob({
      db: db,
      sender: countedPush(
        app,
        createPushSender({ vapid, subject: vapidSubject(env.PUBLIC_URL, env.MAIL_FROM) }),
      ),
      log: app.log.child({ feature: 'push' }),
    }),
  );
  // Clients who come back (issue 50): the stop link's key and the automations' tick.
  const comebackDeps = {
    db: db,
    clock,
    publicUrl: env.PUBLIC_URL,
    unsubscribeKey: deriveUnsubscribeKey(secret),
    box: secretBox,
    whatsapp: env.whatsapp,
  };
  app.jobs.add(
    createComebackJob({
      ...comebackDeps,
      log: app.log.child({ feature: 'comeback' }),
      daySeconds: env.AUTOMATION_DAY_SECONDS,
      anyHour: env.AUTOMATION_ANY_HOUR,
    }),
  );
  app.jobs.add(createMailRequestJob({ db: db, box: secretBox, clock, publicUrl: env.PUBLIC_URL }));

  return { vapid, comebackDeps };
}

/** The signed-in workspace's routes (and the Pix webhook's, keyed like them). */
export async function registerWorkspaceRoutes(
  app: FastifyInstance,
  deps: {
    env: Env;
    database: Database;
    storage: FileStorage;
    secretBox: SecretBox;
    pixProvider: PixProvider;
    manageLinkDeps: ManageDeps;
    vapidPublicKey: string;
    comebackDeps: ReturnType<typeof addFeatureJobs>['comebackDeps'];
  },
): Promise<void> {
  const { env, database, storage, secretBox, pixProvider, manageLinkDeps, vapidPublicKey } = deps;
  const { comebackDeps } = deps;
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
  await app.register(appointmentsRoutes, {
    db: database.db,
    onChange: (db, change) => planProfessionalNotice(manageLinkDeps, db, change),
  });
  await app.register(comebackRoutes, comebackDeps);
  await app.register(anamnesisRoutes, { ...comebackDeps, key: manageLinkDeps.key });
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
      ensureManageLink({ ...manageLinkDeps, db }, professionalId, bookingId, now),
  });
  await app.register(depositsRoutes, { db: database.db });
  await app.register(packagesRoutes, { db: database.db });
  await app.register(paymentsRoutes, { db: database.db });
  await app.register(pushRoutes, {
    db: database.db,
    publicKey: vapidPublicKey,
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
}
