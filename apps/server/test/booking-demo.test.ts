import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { timeToMinutes } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { availability, clients, profiles, services, subscriptions, user } from '../src/db/schema';
import { DEMO_EMAIL, DEMO_USER_ID } from '../src/lib/demo';
import { DEMO_ASSETS_DIR, seedDemoData } from '../src/features/demo/service';
import { createFileStorage } from '../src/features/storage/service';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import { appointmentsOf, outboxTo, postBooking, slotsOf } from './helpers/booking';
import { createTestDatabase } from './helpers/database';
import { createProfessional } from './helpers/factories';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-demo-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function seed(db: Db = ctx.database.db) {
  return seedDemoData({ db, storage: createFileStorage(ctx.env), clock: ctx.clock });
}

async function countRows(db: Db, profileId: string) {
  const of = async (table: typeof services | typeof clients | typeof availability) =>
    (await db.select({ n: count() }).from(table).where(eq(table.professionalId, profileId)))[0]!.n;
  return {
    services: await of(services),
    clients: await of(clients),
    windows: await of(availability),
    users: (await db.select({ n: count() }).from(user).where(eq(user.id, DEMO_USER_ID)))[0]!.n,
  };
}

describe('the demo professional', () => {
  let profileId: string;

  it('is created with services, images, a week with lunch and some appointments', async () => {
    const result = await seed();
    expect(result).toMatchObject({ status: 'ready', isNew: true });
    if (result.status !== 'ready') throw new Error('unreachable');
    profileId = result.profileId;
    expect(result.appointmentsAdded).toBeGreaterThan(10);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/professionals/demo' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({
      businessName: 'Studio Agendaki Demo',
      professionalName: 'Marina Costa',
      customLink: 'demo',
      bio: expect.stringContaining('demonstração'),
    });
    expect(body.services).toHaveLength(5);
    expect(body.openWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    for (const service of body.services) expect(service.imageUrl).toMatch(/^\/uploads\//);

    for (const service of body.services) expect(service.thumbnailUrl).toMatch(/^\/uploads\//);

    // The shipped illustrations go through the same upload path as a professional's photo.
    const shipped = fs.readdirSync(DEMO_ASSETS_DIR).filter((f) => f.endsWith('.png'));
    expect(shipped).toHaveLength(5);
    for (const file of shipped) {
      expect(fs.statSync(path.join(DEMO_ASSETS_DIR, file)).size).toBeLessThan(60 * 1024);
    }
    const image = await ctx.app.inject({ method: 'GET', url: body.services[0].imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const thumbnail = await ctx.app.inject({ method: 'GET', url: body.services[0].thumbnailUrl });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThan(image.rawPayload.length);
  });

  it('keeps its subscription active far ahead, so the page stays open', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, DEMO_USER_ID));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(
      new Date('2035-01-01T00:00:00Z').getTime(),
    );
  });

  it('has taken times in the coming days, and lunch is never offered', async () => {
    const monday = await appointmentsOf(ctx, profileId, '2026-11-23');
    expect(monday.length).toBeGreaterThan(0);
    const [service] = (
      await ctx.app.inject({ method: 'GET', url: '/api/public/professionals/demo' })
    ).json().services;
    const slots = await slotsOf(ctx, 'demo', '2026-11-23', [service.id]);
    expect(slots.length).toBeGreaterThan(0);
    const busy = [
      ...monday.map((row) => [timeToMinutes(row.startTime), timeToMinutes(row.endTime)]),
      [timeToMinutes('12:00'), timeToMinutes('13:00')],
    ];
    for (const slot of slots) {
      const [start, end] = [timeToMinutes(slot), timeToMinutes(slot) + service.durationMinutes];
      expect(busy.some(([from, to]) => start < to! && from! < end)).toBe(false);
    }
  });

  it('adds nothing when seeded again', async () => {
    const before = await countRows(ctx.database.db, profileId);
    const appointmentsBefore = (await appointmentsOf(ctx, profileId)).length;
    expect(await seed()).toEqual({
      status: 'ready',
      profileId,
      isNew: false,
      appointmentsAdded: 0,
    });
    expect(await countRows(ctx.database.db, profileId)).toEqual(before);
    expect(before).toEqual({ services: 5, clients: 5, windows: 12, users: 1 });
    expect(await appointmentsOf(ctx, profileId)).toHaveLength(appointmentsBefore);
  });

  it('tops up appointments for the coming days when it is old', async () => {
    ctx.clock.set('2026-12-21T12:00:00Z');
    try {
      const result = await seed();
      expect(result).toMatchObject({ status: 'ready', isNew: false });
      expect(result.status === 'ready' && result.appointmentsAdded).toBeGreaterThan(10);
      expect((await appointmentsOf(ctx, profileId, '2026-12-22')).length).toBeGreaterThan(0);
      expect(await seed()).toMatchObject({ appointmentsAdded: 0 });
    } finally {
      ctx.clock.set('2026-11-21T12:00:00Z');
    }
  });

  it('cannot be signed in to, and takes bookings without mailing its fake address', async () => {
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: DEMO_EMAIL, password: 'segredo-forte-1' },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(401);

    const services = (
      await ctx.app.inject({ method: 'GET', url: '/api/public/professionals/demo' })
    ).json().services;
    const slot = (await slotsOf(ctx, 'demo', '2026-11-24', [services[0].id]))[0]!;
    const booked = await postBooking(ctx, {
      professionalId: profileId,
      serviceIds: [services[0].id],
      date: '2026-11-24',
      time: slot,
      clientName: 'Visitante',
      clientEmail: 'visitante@exemplo.com.br',
      clientPhone: null,
      notes: null,
      idempotencyKey: 'demo-visit-0000000001',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await outboxTo(ctx, 'visitante@exemplo.com.br')).toHaveLength(1);
    expect(await outboxTo(ctx, DEMO_EMAIL)).toHaveLength(0);
  });
});

describe('demo seeding on a fresh database', () => {
  it('run twice at once creates one demo', async () => {
    const database = await createTestDatabase();
    try {
      const results = await Promise.all([seed(database.db), seed(database.db)]);
      expect(results.map((r) => r.status === 'ready' && r.isNew).sort()).toEqual([false, true]);
      const [profile] = await database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.userId, DEMO_USER_ID));
      expect(await countRows(database.db, profile!.id)).toEqual({
        services: 5,
        clients: 5,
        windows: 12,
        users: 1,
      });
    } finally {
      await database.close();
    }
  });

  it('leaves /book/demo alone when a professional already owns that link', async () => {
    const database = await createTestDatabase();
    try {
      const owner = await createProfessional(database.db, { customLink: 'demo' });
      expect(await seed(database.db)).toEqual({ status: 'link-taken' });
      const [demoProfile] = await database.db
        .select()
        .from(profiles)
        .where(eq(profiles.customLink, 'demo'));
      expect(demoProfile!.id).toBe(owner.profile.id);
    } finally {
      await database.close();
    }
  });
});
