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
import { addDaysToDate, getWeekday, zonedToday } from '@agendaki/shared';
import { hashPassword } from 'better-auth/crypto';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { clients, mailOutbox } from '../../apps/server/src/db/schema.ts';
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

export const TIMEZONE = 'America/Sao_Paulo';
export const PASSWORD = 'senha-do-benchmark-1';

/** Monday to Friday 09:00-12:00 and 13:00-18:00, Saturday 09:00-13:00. */
const WEEK = [
  ...[1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
    { dayOfWeek, startTime: '09:00', endTime: '12:00', isActive: true },
    { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
  ]),
  { dayOfWeek: 6, startTime: '09:00', endTime: '13:00', isActive: true },
  { dayOfWeek: 0, startTime: '09:00', endTime: '13:00', isActive: false },
];

const SERVICES = [
  { name: 'Corte', price: 45, durationMinutes: 30, description: 'Corte com lavagem' },
  { name: 'Barba', price: 30, durationMinutes: 30, description: null },
  { name: 'Coloração', price: 120, durationMinutes: 60, description: 'Tintura completa' },
  { name: 'Manicure', price: 40, durationMinutes: 60, description: null },
];

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Íris',
  'João',
  'Larissa',
  'Márcio',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sônia',
  'Tiago',
  'Vanessa',
  'Wagner',
];
const LAST = [
  'Souza',
  'Silva',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ribeiro',
  'Almeida',
  'Gonçalves',
  'Araújo',
  'Barbosa',
  'Rocha',
  'Dias',
  'Moreira',
];

/** Deterministic pseudo-random numbers (mulberry32): the same dataset on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, items) => items[Math.floor(rand() * items.length)];
const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The half-hour cells of a day's hours, by weekday (none on Sunday). */
function cellsOf(weekday) {
  const windows = WEEK.filter((w) => w.dayOfWeek === weekday && w.isActive).map((w) => [
    Number(w.startTime.slice(0, 2)) * 60,
    Number(w.endTime.slice(0, 2)) * 60,
  ]);
  return windows.map(([start, end]) => {
    const cells = [];
    for (let m = start; m < end; m += 30) cells.push(m);
    return cells;
  });
}

/**
 * One professional's agenda: the coming 30 days lightly booked, then today and back into the
 * past until `count` appointments, a few a day, never overlapping, with the statuses a real
 * agenda has. Returns the rows and the free half-hour cells of the coming days (the booking
 * benchmark books those).
 */
function planAgenda({ rand, today, count, services, clientIds }) {
  const rows = [];
  const takenByDate = new Map();
  const fill = (date, perDay) => {
    const isFuture = date > today;
    const taken = new Set();
    takenByDate.set(date, taken);
    const windows = cellsOf(getWeekday(date));
    const cellCount = windows.reduce((sum, w) => sum + w.length, 0);
    for (const window of windows) {
      for (const [index, cell] of window.entries()) {
        if (rows.length >= count) return;
        if (taken.has(cell) || rand() > (perDay / cellCount) * 1.4) continue;
        const service = pick(rand, services);
        const cells = window.slice(index, index + service.durationMinutes / 30);
        if (cells.length * 30 < service.durationMinutes || cells.some((c) => taken.has(c)))
          continue;
        for (const c of cells) taken.add(c);
        const roll = rand();
        const status = isFuture
          ? roll < 0.7
            ? 'scheduled'
            : roll < 0.95
              ? 'confirmed'
              : 'cancelled'
          : roll < 0.85
            ? 'completed'
            : roll < 0.95
              ? 'cancelled'
              : 'scheduled';
        rows.push({
          clientId: pick(rand, clientIds),
          serviceId: service.id,
          appointmentDate: date,
          startTime: hhmm(cell),
          endTime: hhmm(cell + service.durationMinutes),
          totalPrice: service.price,
          status,
          notes: rand() < 0.1 ? 'Cliente prefere atendimento rápido' : null,
        });
      }
    }
  };
  const coming = Array.from({ length: 30 }, (_, d) => addDaysToDate(today, d + 1));
  for (const date of coming) fill(date, 2 + Math.floor(rand() * 3));
  for (let d = 0; rows.length < count && d < 3650; d += 1) {
    fill(addDaysToDate(today, -d), 4 + Math.floor(rand() * 4));
  }
  const free = [];
  for (const date of coming) {
    const taken = takenByDate.get(date);
    for (const window of cellsOf(getWeekday(date))) {
      for (const cell of window) if (!taken.has(cell)) free.push({ date, time: hhmm(cell) });
    }
  }
  return { rows, free };
}

function clientRows({ rand, professionalId, count, index, now }) {
  return Array.from({ length: count }, (_, i) => {
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const createdAt = new Date(now.getTime() - Math.floor(rand() * 365) * 86_400_000);
    return {
      professionalId,
      name: `${first} ${last}`,
      email:
        rand() < 0.9
          ? `${first}.${last}.${index}.${i}@exemplo.com.br`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
          : null,
      phone: rand() < 0.8 ? `11 9${String(Math.floor(rand() * 1e8)).padStart(8, '0')}` : null,
      notes: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

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
  const today = zonedToday(now, TIMEZONE);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-bench-uploads-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: uploads,
    WEB_DIST_DIR: uploads,
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
      const profile = await createProfileForNewUser(tx, {
        userId,
        professionalName: name,
        businessName: `${kind} ${pick(rand, LAST)} ${i}`,
        email,
        now,
      });
      await startTrial(tx, userId, now);
      await replaceWeek(tx, profile.id, { windows: WEEK });
      for (const service of SERVICES) {
        await createService({ db: tx }, profile.id, { ...service, isActive: true });
      }
      profileId = profile.id;
      customLink = profile.customLink;
    }
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
      await insertAppointments(tx, profileId, agenda.rows.slice(k, k + 1000));
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
