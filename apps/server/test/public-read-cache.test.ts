import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentSettings,
  pixProviderCredentials,
  profiles,
  services,
  subscriptions,
} from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  getSlots,
  MONDAY,
  postBooking,
  slotsOf,
  type BookableProfessional,
} from './helpers/booking';
import { testDatabaseKind } from './helpers/database';

/**
 * The public reads are cached per process (features/public-profile/cache.ts, decision 005).
 * Two app instances share one database here, as two servers behind a load balancer do: what one
 * writes (or any other session: psql, a script) must stop being offered by the other, through
 * PostgreSQL's notices and not through the instance that wrote it.
 */
let a: TestContext;
let b: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ database: a.database });
  shop = await createBookableProfessional(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Notices travel asynchronously on PostgreSQL (in-process on PGlite): wait a little for them. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

const corte = () => [shop.services[0]!.id];

describe('public read cache across instances', () => {
  it('answers repeated reads from memory', async () => {
    await slotsOf(a, shop.customLink, MONDAY, corte());
    const before = a.app.publicReadCache.stats;
    await slotsOf(a, shop.customLink, MONDAY, corte());
    await slotsOf(a, shop.customLink, MONDAY, corte());
    const after = a.app.publicReadCache.stats;
    expect(after.listening).toBe(true);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(4); // catalog and busy times, twice
    expect(after.misses).toBe(before.misses);
  });

  it('stops offering a time booked through the other instance', async () => {
    expect(await slotsOf(a, shop.customLink, MONDAY, corte())).toContain('10:00');
    const booked = await postBooking(b, bookingBody(shop, { time: '10:00' }));
    expect(booked.statusCode, booked.body).toBe(201);

    const slots = await eventually(
      () => slotsOf(a, shop.customLink, MONDAY, corte()),
      (list) => !list.includes('10:00'),
    );
    expect(slots).not.toContain('10:00');
    expect(slots).toContain('11:00');
    // The instance that booked knows at once.
    expect(await slotsOf(b, shop.customLink, MONDAY, corte())).not.toContain('10:00');
  });

  it('follows new hours saved through the other instance', async () => {
    expect(await slotsOf(a, shop.customLink, MONDAY, corte())).toContain('14:00');
    const res = await b.app.inject({
      method: 'PUT',
      url: '/api/availability',
      headers: { cookie: shop.pro.cookie },
      payload: {
        windows: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isActive: true }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const slots = await eventually(
      () => slotsOf(a, shop.customLink, MONDAY, corte()),
      (list) => !list.includes('14:00'),
    );
    expect(slots).toEqual(['09:00', '11:00']);
  });

  it('follows changes made outside the app (a service switched off, a subscription ended)', async () => {
    const other = await createBookableProfessional(a);
    const barba = other.services[1]!.id;
    expect((await getSlots(a, other.customLink, MONDAY, [barba])).statusCode).toBe(200);
    await a.database.db.update(services).set({ isActive: false }).where(eq(services.id, barba));
    const refused = await eventually(
      () => getSlots(a, other.customLink, MONDAY, [barba]),
      (res) => res.statusCode === 400,
    );
    expect(refused.json().message).toBe('Serviço inválido');

    const page = () => a.app.inject({ url: `/api/public/professionals/${other.customLink}` });
    expect((await page()).statusCode).toBe(200);
    const [profile] = await a.database.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, other.profileId));
    await a.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, profile!.userId));
    const gone = await eventually(page, (res) => res.statusCode === 404);
    expect(gone.json().message).toBe('Profissional não encontrado');
  });

  it('a professional sees their own change at once on the instance they used', async () => {
    expect(await slotsOf(a, shop.customLink, MONDAY, corte())).toEqual(['09:00', '11:00']);
    const res = await shop.pro.request({
      method: 'PUT',
      url: '/api/availability',
      payload: {
        windows: [{ dayOfWeek: 1, startTime: '15:00', endTime: '17:00', isActive: true }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await slotsOf(a, shop.customLink, MONDAY, corte())).toEqual(['15:00', '15:30', '16:00']);
  });

  it('books with the Pix sinal settings and PSP saved through the other instance or outside the app', async () => {
    const pix = await createBookableProfessional(a);
    /** What instance a keeps for the professional, without loading anything. */
    const keptOnA = () => a.app.publicReadCache.catalogById(pix.profileId, async () => undefined);
    const sinalOf = async (time: string) => {
      const res = await postBooking(a, bookingBody(pix, { time }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().deposit ?? null;
    };
    // Booking through a keeps the catalog there: no sinal.
    expect(await sinalOf('09:00')).toBeNull();
    expect((await keptOnA())?.payment.settings.depositMode).toBe('off');

    const saved = await b.app.inject({
      method: 'PUT',
      url: '/api/settings/payments',
      headers: { cookie: pix.pro.cookie },
      payload: {
        pixKeyType: 'cpf',
        pixKey: '529.982.247-25',
        beneficiaryName: 'Salão da Conceição',
        beneficiaryCity: 'São Paulo',
        depositMode: 'fixed',
        depositFixedCents: 2000,
        depositPercent: 0,
        windowMinutes: 30,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await eventually(keptOnA, (kept) => kept === undefined)).toBeUndefined();
    expect(await sinalOf('10:00')).toMatchObject({ status: 'pending', amountCents: 2000 });

    // Removed with psql or a script: the next booking asks for nothing.
    await a.database.db
      .delete(paymentSettings)
      .where(eq(paymentSettings.professionalId, pix.profileId));
    expect(await eventually(keptOnA, (kept) => kept === undefined)).toBeUndefined();
    expect(await sinalOf('11:00')).toBeNull();

    // A PSP connected elsewhere is known at the next read.
    expect((await keptOnA())?.payment.pixProvider).toBe(false);
    await a.database.db.insert(pixProviderCredentials).values({
      professionalId: pix.profileId,
      provider: 'mercadopago',
      accessTokenSealed: 'selado',
      webhookSecretSealed: 'selado',
    });
    expect(await eventually(keptOnA, (kept) => kept === undefined)).toBeUndefined();
    const page = await a.app.inject({ url: `/api/public/professionals/${pix.customLink}` });
    expect(page.statusCode).toBe(200);
    expect((await keptOnA())?.payment.pixProvider).toBe(true);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'keeps nothing while its notice connection is down, and resumes once it is back',
    async () => {
      await slotsOf(a, shop.customLink, MONDAY, corte());
      // The database drops every LISTEN connection (a failover, an admin, a network cut).
      await a.database.db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`);
      await eventually(
        async () => a.app.publicReadCache.stats.listening,
        (listening) => !listening,
      );
      // Booked while `a` cannot hear it: `a` must not answer from memory.
      const booked = await postBooking(b, bookingBody(shop, { time: '15:00' }));
      expect(booked.statusCode, booked.body).toBe(201);
      expect(await slotsOf(a, shop.customLink, MONDAY, corte())).toEqual(['16:00']);

      const back = await eventually(
        async () => a.app.publicReadCache.stats.listening,
        (listening) => listening,
      );
      expect(back).toBe(true);
      await slotsOf(a, shop.customLink, MONDAY, corte());
      const again = await postBooking(b, bookingBody(shop, { time: '16:00' }));
      expect(again.statusCode, again.body).toBe(201);
      const slots = await eventually(
        () => slotsOf(a, shop.customLink, MONDAY, corte()),
        (list) => list.length === 0,
      );
      expect(slots).toEqual([]);
    },
  );
});
