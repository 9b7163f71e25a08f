import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import {
  appointmentSeries,
  anamnesisForms,
  appointments,
  availability,
  bookingRequests,
  clients,
  dateExceptions,
  occupiedTimes,
  profiles,
  pushSubscriptions,
  services,
  session,
  subscriptions,
  timeOff,
  user,
  waitlistEntries,
} from '../../../src/db/schema';
import { createTestApp, type TestAppOptions, type TestContext } from '../../helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from '../../helpers/booking';
import { IMAGES, multipartFile } from '../../helpers/images';
import { createOwnerSeries } from './world-series';
import { joinWaitlistOf } from '../../helpers/waitlist';
import { createOwnerMoney, ownerMoneySnapshot, type OwnerMoneyRecords } from './world-money';
import { comebackRecords } from './world-comeback';

/** A built web app as Vite writes one: the page, a hashed script, an icon. */
export const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Agendaki</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export interface TempDist {
  dir: string;
  /** URLs of the files fastify-static serves, e.g. `/assets/index-abc123.js`. */
  files: Set<string>;
  remove(): void;
}

export function createTempDist(): TempDist {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-attack-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("agendaki")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return {
    dir,
    files: new Set(['/index.html', '/assets/index-abc123.js', '/favicon.svg']),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The owner's records an attacker aims at. */
export interface OwnerRecords {
  serviceId: string;
  imageUrl: string;
  clientId: string;
  clientEmail: string;
  appointmentId: string;
  bookedAppointmentId: string;
  /** The booking of that appointment (features/deposits: ":bookingId"). */
  bookingId: string;
  /** The booked appointment's manage-link token (features/manage). */
  manageToken: string;
  /** The date of the owner's own hours ("exceptions/:date"). */
  exceptionDate: string;
  timeOffId: string;
  blockId: string;
  /** The owner's burst of public bookings from one address (features/booking/bursts.ts). */
  burstId: string;
  /** The owner's horário fixo (features/series) and the booking of its first date. */
  seriesId: string;
  seriesBookingId: string;
  /** Someone on the owner's waiting list (features/waitlist). */
  waitlistEntryId: string;
  /** A package, the one sold to the client, the closing of the appointment (world-money.ts). */
  money: OwnerMoneyRecords;
  /** A device subscribed to Web Push (features/push). */
  pushDeviceId: string;
  /** The stop link of the owner's client's messages (features/comeback). */
  unsubscribePath: string;
  /** The owner's anamnesis form (features/anamnesis). */
  formId: string;
}

export interface AttackWorld {
  ctx: TestContext;
  dist: TempDist;
  dataDir: string;
  owner: BookableProfessional;
  intruder: BookableProfessional;
  records: OwnerRecords;
  /** The owner's rows in every table that holds them, and the image on disk. */
  ownerSnapshot(): Promise<unknown>;
  close(): Promise<void>;
}

function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/**
 * The real app with a built web app and a local upload folder, and two professionals made
 * through the API: the owner (a service with an image, a client, an appointment made in the
 * dashboard and one booked by a client) and the intruder (records of their own).
 */
export async function createAttackWorld(options: TestAppOptions = {}): Promise<AttackWorld> {
  const dist = createTempDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-attack-data-'));
  const ctx = await createTestApp({
    ...options,
    env: { WEB_DIST_DIR: dist.dir, DATA_DIR: dataDir, ...options.env },
  });
  const owner = await createBookableProfessional(ctx, { businessName: 'Studio Dona' });
  const intruder = await createBookableProfessional(ctx, { businessName: 'Studio Intruso' });
  const serviceId = owner.services[0]!.id;

  const image = await owner.pro.request({
    method: 'POST',
    url: `/api/services/${serviceId}/image`,
    ...multipartFile(IMAGES.png, 'corte.png', 'image/png'),
  });
  expectStatus(image, 200, 'owner image');
  const clientEmail = 'cliente-da-dona@exemplo.com.br';
  const client = await owner.pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Cliente da Dona', email: clientEmail, phone: '11 98888-7777' },
  });
  expectStatus(client, 201, 'owner client');
  const appointment = await owner.pro.request({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      clientId: client.json().id,
      serviceId,
      appointmentDate: '2026-12-01',
      startTime: '10:00',
    },
  });
  expectStatus(appointment, 201, 'owner appointment');
  // Three bookings from one address: a burst ("Agendamentos suspeitos", decision 027).
  const burstIp = '198.51.100.77';
  const booked = await postBooking(ctx, bookingBody(owner, { time: '14:00' }), burstIp);
  expectStatus(booked, 201, 'owner booking');
  for (const time of ['15:00', '16:00']) {
    expectStatus(
      await postBooking(ctx, bookingBody(owner, { time }), burstIp),
      201,
      'owner burst booking',
    );
  }
  const bursts = await owner.pro.request({ method: 'GET', url: '/api/booking-bursts' });
  expectStatus(bursts, 200, 'owner bursts');
  const exceptionDate = '2026-12-03';
  const exception = await owner.pro.request({
    method: 'PUT',
    url: `/api/availability/exceptions/${exceptionDate}`,
    payload: { windows: [], note: 'Fechado' },
  });
  expectStatus(exception, 200, 'owner date exception');
  const off = await owner.pro.request({
    method: 'POST',
    url: '/api/availability/time-off',
    payload: { startDate: '2026-12-10', endDate: '2026-12-12', note: 'Férias' },
  });
  expectStatus(off, 201, 'owner time off');
  const block = await owner.pro.request({
    method: 'POST',
    url: '/api/blocks',
    payload: { date: '2026-12-02', startTime: '16:00', endTime: '16:30', note: 'Almoço' },
  });
  expectStatus(block, 201, 'owner block');
  const series = await createOwnerSeries(owner, client.json().id, serviceId);

  const joined = await joinWaitlistOf(ctx, owner);
  const device = await owner.pro.request({
    method: 'PUT',
    url: '/api/push/devices',
    payload: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dono-do-aparelho',
      keys: {
        p256dh: createECDH('prime256v1').generateKeys('base64url'),
        auth: 'AAECAwQFBgcICQoLDA0ODw',
      },
      label: 'Chrome no Android',
    },
  });
  expectStatus(device, 200, 'owner push device');

  const ownerUserId = (
    await ctx.database.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, owner.profileId))
  )[0]!.userId;
  const records: OwnerRecords = {
    serviceId,
    imageUrl: image.json().imageUrl,
    clientId: client.json().id,
    clientEmail,
    appointmentId: appointment.json().id,
    bookedAppointmentId: booked.json().appointments[0].id,
    bookingId: booked.json().bookingId,
    manageToken: String(booked.json().manageUrl).split('/agendamento/')[1]!,
    exceptionDate,
    timeOffId: off.json().timeOff.id,
    blockId: block.json().id,
    burstId: bursts.json().bursts[0].id,
    ...series,
    waitlistEntryId: joined,
    money: await createOwnerMoney(owner, {
      clientId: client.json().id,
      appointmentId: appointment.json().id,
      serviceId,
    }),
    pushDeviceId: device.json().id,
    // The anamnesis form and the stop link of issue 50 (world-comeback.ts).
    ...(await comebackRecords(ctx, owner, serviceId, client.json().id)),
  };

  async function ownerSnapshot() {
    const { db } = ctx.database;
    return {
      user: await db.select().from(user).where(eq(user.id, ownerUserId)),
      profile: await db.select().from(profiles).where(eq(profiles.id, owner.profileId)),
      subscription: await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, ownerUserId)),
      sessions: await db
        .select({ id: session.id, expiresAt: session.expiresAt, updatedAt: session.updatedAt })
        .from(session)
        .where(eq(session.userId, ownerUserId))
        .orderBy(asc(session.id)),
      services: await db
        .select()
        .from(services)
        .where(eq(services.professionalId, owner.profileId))
        .orderBy(asc(services.id)),
      clients: await db
        .select()
        .from(clients)
        .where(eq(clients.professionalId, owner.profileId))
        .orderBy(asc(clients.id)),
      appointments: await db
        .select()
        .from(appointments)
        .where(eq(appointments.professionalId, owner.profileId))
        .orderBy(asc(appointments.id)),
      availability: await db
        .select()
        .from(availability)
        .where(eq(availability.professionalId, owner.profileId))
        .orderBy(asc(availability.dayOfWeek), asc(availability.startTime)),
      dateExceptions: await db
        .select()
        .from(dateExceptions)
        .where(eq(dateExceptions.professionalId, owner.profileId))
        .orderBy(asc(dateExceptions.id)),
      timeOff: await db
        .select()
        .from(timeOff)
        .where(eq(timeOff.professionalId, owner.profileId))
        .orderBy(asc(timeOff.id)),
      waitlist: await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.professionalId, owner.profileId)),
      // Blocks and the appointments' occupied times.
      occupiedTimes: await db
        .select()
        .from(occupiedTimes)
        .where(eq(occupiedTimes.professionalId, owner.profileId))
        .orderBy(asc(occupiedTimes.id)),
      series: await db
        .select()
        .from(appointmentSeries)
        .where(eq(appointmentSeries.professionalId, owner.profileId))
        .orderBy(asc(appointmentSeries.id)),
      bookingRequests: await db
        .select({ id: bookingRequests.id })
        .from(bookingRequests)
        .where(eq(bookingRequests.professionalId, owner.profileId)),
      money: await ownerMoneySnapshot(db, owner.profileId),
      pushSubscriptions: await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.professionalId, owner.profileId)),
      anamnesisForms: await db
        .select()
        .from(anamnesisForms)
        .where(eq(anamnesisForms.professionalId, owner.profileId))
        .orderBy(asc(anamnesisForms.id)),
      imageOnDisk: fs.existsSync(path.join(dataDir, 'uploads', records.imageUrl.slice(9))),
    };
  }

  return {
    ctx,
    dist,
    dataDir,
    owner,
    intruder,
    records,
    ownerSnapshot,
    close: async () => {
      await ctx.close();
      dist.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Strings that identify the owner's data: none may appear in an answer to someone else. */
export function ownerSecrets(world: AttackWorld): string[] {
  const { records, owner } = world;
  return [
    owner.profileId,
    owner.pro.email,
    records.serviceId,
    records.clientId,
    records.clientEmail,
    records.appointmentId,
    records.bookedAppointmentId,
    'Cliente da Dona',
  ];
}
