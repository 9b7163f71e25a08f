// The benchmark's dataset, written through the server's own code: the first professional signs
// up, confirms and signs in through the HTTP API (in-process `inject`); the others go through
// the same services and repos the API uses (user, credential, profile with its unique link,
// trial, week, services), and clients and appointments are inserted in bulk through drizzle
// and the appointments repo, in transactions, under the same schema, checks and no-overlap
// constraint. Nothing bypasses a rule: the database refuses what the app would refuse.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as shared from '@agendaki/shared';
import { hashPassword } from 'better-auth/crypto';
import { count, desc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { appointments, clients, mailOutbox } from '../../apps/server/src/db/schema.ts';
import {
  insertCredentialAccount,
  insertUser,
  markEmailVerified,
} from '../../apps/server/src/features/auth/repo.ts';
import { insertAppointments } from '../../apps/server/src/features/appointments/repo.ts';
import { replaceWeek } from '../../apps/server/src/features/availability/service.ts';
import { createProfileForNewUser } from '../../apps/server/src/features/profile/service.ts';
import { createService, listServices } from '../../apps/server/src/features/services/service.ts';
import { startTrial } from '../../apps/server/src/features/subscription/service.ts';
import { BENCH_AUTH_SECRET } from './processes.mjs';
const protection = await import('../../apps/server/src/features/profile/protection.ts').catch(
  () => undefined,
);
import { clientRows, FIRST, LAST, pick, planAgenda, random, SERVICES, WEEK } from './dataset.mjs';

export const TIMEZONE = 'America/Sao_Paulo';

/**
 * Inserts a professional's appointments through the repository's insert. Each row gets an id,
 * no booking and no buffer unless it brings its own.
 */
export async function insertSeedAppointments(tx, professionalId, rows) {
  const complete = rows.map((row) => ({
    id: randomUUID(),
    bookingId: null,
    bufferMinutes: 0,
    ...row,
  }));
  const write = insertAppointments(tx, professionalId, complete);
  if (typeof write?.then === 'function') return write;
  // A commit from before decision 032 (bench:ab's older side) returns the insert unsent.
  const { sendWrite } = await import('../../apps/server/src/db/write-batch.ts');
  await sendWrite(tx, write);
}

/** Throws unless the database holds `expected` appointments: the seed wrote what it says. */
export async function checkSeededAppointments(db, expected) {
  const [row] = await db.select({ value: count() }).from(appointments);
  if (row?.value !== expected) {
    throw new Error(`the seed wrote ${row?.value} appointments, not ${expected}`);
  }
}
export const PASSWORD = 'senha-do-benchmark-1';

/** Sign-up, confirmation and sign-in through the HTTP API: the session the benchmark uses. */
async function signUpThroughApi(app, db, email) {
  const ip = '198.51.100.7';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    payload: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Benchmark',
      professionalName: 'Bia Benchmark',
    },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  const token = /verify-email\?token=([^\s&"<>]+)/.exec(mail?.text ?? '')?.[1];
  await app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${token}`,
    remoteAddress: ip,
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email, password: PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const request = (options) => app.inject({ ...options, remoteAddress: ip, headers: { cookie } });
  for (const service of SERVICES) {
    const res = await request({ method: 'POST', url: '/api/services', payload: service });
    if (res.statusCode !== 201) throw new Error(`service: ${res.body}`);
  }
  await request({ method: 'PUT', url: '/api/availability', payload: { windows: WEEK } });
  const me = (await request({ method: 'GET', url: '/api/me' })).json();
  return { cookie, profileId: me.profile.id, customLink: me.profile.customLink };
}

/**
 * Seeds `scale` into an open, migrated database. Returns what the benchmark needs: the
 * session of the first professional, links and service ids to rotate over, and free slots.
 */
export async function seedDataset(database, scale, log = console.log, lanes = 1) {
  const { db } = database;
  const now = new Date();
  const today = shared.zonedToday(now, TIMEZONE);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-bench-uploads-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: uploads,
    WEB_DIST_DIR: uploads,
    AUTH_SECRET: BENCH_AUTH_SECRET,
  });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  const passwordHash = await hashPassword(PASSWORD);
  const clientsPerPro = Math.round(scale.clients / scale.professionals);
  const appointmentsPerPro = Math.round(scale.appointments / scale.professionals);
  const professionals = [];
  const freeSlots = [];
  let appointmentCount = 0;
  let clientCount = 0;
  const started = Date.now();

  const first = await signUpThroughApi(
    app,
    db,
    `bia.benchmark.${randomUUID().slice(0, 6)}@exemplo.com.br`,
  );
  await app.close();

  const batch = 10;
  let seededCount = 0;
  const seedBatch = async (index) => {
    await db.transaction(async (tx) => {
      for (let i = index; i < Math.min(index + batch, scale.professionals); i += 1) {
        await seedProfessional(tx, i);
      }
    });
    seededCount += Math.min(batch, scale.professionals - index);
    if (seededCount % 100 === 0 || seededCount === scale.professionals) {
      log(
        `  seeded ${seededCount} professionals, ${clientCount} clients, ` +
          `${appointmentCount} appointments (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
  };
  const seedProfessional = async (tx, i) => {
    const rand = random(1000 + i);
    let profileId;
    let customLink;
    if (i === 0) {
      ({ profileId, customLink } = first);
    } else {
      const userId = randomUUID();
      const email = `profissional.${i}.${userId.slice(0, 6)}@exemplo.com.br`;
      const name = `${pick(rand, FIRST)} ${pick(rand, LAST)}`;
      await insertUser(tx, { id: userId, name, email, now });
      await insertCredentialAccount(tx, { id: randomUUID(), userId, passwordHash, now });
      await markEmailVerified(tx, userId, now);
      const kind = pick(rand, ['Studio', 'Salão', 'Barbearia', 'Espaço', 'Clínica']);
      const profile = await createProfileForNewUser(
        { db: tx },
        {
          userId,
          professionalName: name,
          businessName: `${kind} ${pick(rand, LAST)} ${i}`,
          email,
          now,
        },
      );
      await startTrial({ db: tx }, userId, now);
      await replaceWeek({ db: tx }, profile.id, { windows: WEEK });
      for (const service of SERVICES) {
        await createService({ db: tx }, profile.id, { ...service, isActive: true });
      }
      profileId = profile.id;
      customLink = profile.customLink;
    }
    // The bench books every free start of a day from distinct addresses: the day caps of decision
    // 027 at their maximum, so what is measured is the booking, not the refusal.
    // A commit from before the caps (bench:ab's A side) has neither the module nor the limits.
    await protection?.saveBookingProtection({ db: tx, now }, profileId, {
      maxUnpaidHoldsPerDay: shared.MAX_UNPAID_HOLDS_LIMIT,
      maxUnconfirmedPerDay: shared.MAX_UNCONFIRMED_LIMIT,
    });
    const services = await listServices({ db: tx }, profileId, { activeOnly: true });
    const ids = [];
    const rows = clientRows({
      rand,
      professionalId: profileId,
      count: clientsPerPro,
      index: i,
      now,
    });
    for (let k = 0; k < rows.length; k += 500) {
      const inserted = await tx
        .insert(clients)
        .values(rows.slice(k, k + 500))
        .returning({ id: clients.id });
      ids.push(...inserted.map((r) => r.id));
    }
    clientCount += ids.length;
    const agenda = planAgenda({ rand, today, count: appointmentsPerPro, services, clientIds: ids });
    for (let k = 0; k < agenda.rows.length; k += 1000) {
      await insertSeedAppointments(tx, profileId, agenda.rows.slice(k, k + 1000));
    }
    appointmentCount += agenda.rows.length;
    const shortService = services.find((s) => s.durationMinutes === 30);
    for (const slot of agenda.free)
      freeSlots.push({ profileId, serviceId: shortService.id, ...slot });
    professionals[i] = { profileId, customLink, serviceIds: services.map((s) => s.id) };
  };
  // Batches in `lanes` parallel transactions (PostgreSQL: one core each; PGlite: one connection).
  const queue = [];
  for (let index = 0; index < scale.professionals; index += batch) queue.push(index);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length > 0) await seedBatch(queue.shift());
    }),
  );
  fs.rmSync(uploads, { recursive: true, force: true });
  await checkSeededAppointments(db, appointmentCount);
  // Free slots in a stable shuffled order, so bookings spread over professionals and days.
  const rand = random(42);
  for (let i = freeSlots.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [freeSlots[i], freeSlots[j]] = [freeSlots[j], freeSlots[i]];
  }
  return {
    session: first,
    professionals,
    freeSlots,
    counts: {
      professionals: professionals.length,
      clients: clientCount,
      appointments: appointmentCount,
    },
    seconds: (Date.now() - started) / 1000,
    today,
  };
}
