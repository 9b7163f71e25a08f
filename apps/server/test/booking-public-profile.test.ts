import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, subscriptions } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  getSlots,
  MONDAY,
  postBooking,
  slotsOf,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';

let ctx: TestContext;
let studio: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  studio = await createBookableProfessional(ctx, {
    businessName: 'Studio Público',
    services: [
      { name: 'Manicure', price: 40, durationMinutes: 60 },
      { name: 'Corte', price: 50, durationMinutes: 30 },
      { name: 'Antigo', price: 10, durationMinutes: 30, isActive: false },
    ],
  });
});
afterAll(async () => {
  await ctx.close();
});

function getProfile(identifier: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/public/professionals/${identifier}` });
}

describe('GET /api/public/professionals/:identifier', () => {
  it('answers profile, active services by name, open weekdays and today in the zone', async () => {
    const res = await getProfile(studio.customLink);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      profile: {
        id: studio.profileId,
        professionalName: 'João Teste',
        businessName: 'Studio Público',
        bio: null,
        avatarUrl: null,
        customLink: studio.customLink,
        timezone: 'America/Sao_Paulo',
      },
      services: [
        expect.objectContaining({ name: 'Corte', price: '50.00', priceCents: 5000 }),
        expect.objectContaining({ name: 'Manicure', durationMinutes: 60, imageUrl: null }),
      ],
      openWeekdays: [1, 2, 3, 4, 5, 6],
      today: '2026-11-21',
      bookingPaused: false,
      whatsapp: null,
      lastBookableDate: '2027-01-20',
      // After the booking (docs/decisions/013): no address given; the e-mail asked by default.
      address: null,
      clientEmailRequired: true,
      bookingEmailCode: false,
    });
    expect(Object.keys(body.services[0]).sort()).toEqual(
      [
        'description',
        'durationMinutes',
        'id',
        'imageUrl',
        'name',
        'price',
        'priceCents',
        'thumbnailUrl',
      ].sort(),
    );
    expect(res.body).not.toContain('@exemplo.com.br');
    expect(res.body).not.toContain('userId');
  });

  it('finds the professional by profile id and by the link in another letter case', async () => {
    expect((await getProfile(studio.profileId)).json().profile.id).toBe(studio.profileId);
    expect((await getProfile(studio.customLink.toUpperCase())).statusCode).toBe(200);
  });

  it('says "today" in the professional’s zone: 02:30 UTC is still yesterday in São Paulo', async () => {
    ctx.clock.set('2026-11-22T02:30:00Z');
    try {
      expect((await getProfile(studio.customLink)).json().today).toBe('2026-11-21');
    } finally {
      ctx.clock.set('2026-11-21T12:00:00Z');
    }
  });

  it('answers 404 "Profissional não encontrado" for an unknown link or id', async () => {
    for (const identifier of ['nao-existe', '0b6f5f5e-3c1b-4b8e-8f43-2a8f0f6b9c10']) {
      const res = await getProfile(identifier);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Profissional não encontrado',
      });
    }
  });

  it('answers 404 for an inactive profile and for a subscription without access', async () => {
    const inactive = await createBookableProfessional(ctx);
    await ctx.database.db
      .update(profiles)
      .set({ isActive: false })
      .where(eq(profiles.id, inactive.profileId));
    expect((await getProfile(inactive.customLink)).statusCode).toBe(404);

    const lapsed = await createBookableProfessional(ctx);
    const [profile] = await ctx.database.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, lapsed.profileId));
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, profile!.userId));
    expect((await getProfile(lapsed.customLink)).statusCode).toBe(404);
    expect(
      (await getSlots(ctx, lapsed.customLink, MONDAY, [lapsed.services[0]!.id])).statusCode,
    ).toBe(404);
  });

  it('closes when the trial ends, by the clock', async () => {
    ctx.clock.set('2026-11-29T12:00:00Z');
    try {
      const res = await getProfile(studio.customLink);
      expect(res.statusCode).toBe(404);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00Z');
    }
  });
});

describe('GET /api/public/professionals/:identifier/slots', () => {
  it('offers 30-minute steps that fit the windows for the summed duration', async () => {
    const [manicure, corte] = studio.services;
    const res = await getSlots(ctx, studio.customLink, TUESDAY, [manicure!.id, corte!.id]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // 90 minutes: 09:00 … 10:30 end by 12:00; 13:00 … 16:30 by 18:00; none across lunch.
    expect(res.json()).toEqual({
      date: TUESDAY,
      slots: [
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '13:00',
        '13:30',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
        '16:30',
      ],
    });
  });

  it('leaves out taken times, and a cancelled appointment frees them again', async () => {
    const corte = studio.services[1]!;
    const booked = await postBooking(
      ctx,
      bookingBody(studio, { serviceIds: [corte.id], date: MONDAY, time: '10:00' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const slots = await slotsOf(ctx, studio.customLink, MONDAY, [corte.id]);
    expect(slots).not.toContain('10:00');
    expect(slots).toContain('09:30');
    expect(slots).toContain('10:30');
    // An hour-long service can no longer start at 09:30 either.
    expect(await slotsOf(ctx, studio.customLink, MONDAY, [studio.services[0]!.id])).not.toContain(
      '09:30',
    );

    // The professional cancels it on the Agenda.
    const id = booked.json().appointments[0].id;
    const cancelled = await studio.pro.request({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await slotsOf(ctx, studio.customLink, MONDAY, [corte.id])).toContain('10:00');
  });

  it('offers only times after now plus the minimum notice, and nothing on a past or closed day', async () => {
    // Saturday 09:00 in São Paulo; the default notice of 2 hours starts the day at 11:00.
    const corte = studio.services[1]!.id;
    expect(await slotsOf(ctx, studio.customLink, '2026-11-21', [corte])).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
    expect(await slotsOf(ctx, studio.customLink, '2026-11-20', [corte])).toEqual([]);
    expect(await slotsOf(ctx, studio.customLink, '2026-11-22', [corte])).toEqual([]);
  });

  it.each([
    [{ date: '23/11/2026' }, 'Data inválida'],
    [{ date: '2026-02-30' }, 'Data inválida'],
    [{ serviceIds: '' }, 'Selecione pelo menos um serviço'],
    [{ serviceIds: 'corte' }, 'Serviço inválido'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const query = new URLSearchParams({
      date: MONDAY,
      serviceIds: studio.services[0]!.id,
      ...override,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}/slots?${query}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses an unknown, inactive or another professional’s service with "Serviço inválido"', async () => {
    const other = await createBookableProfessional(ctx);
    const inactive = studio.services[2]!.id;
    for (const serviceId of [
      other.services[0]!.id,
      inactive,
      '0b6f5f5e-3c1b-4b8e-8f43-2a8f0f6b9c10',
    ]) {
      const res = await getSlots(ctx, studio.customLink, MONDAY, [serviceId]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Serviço inválido' });
    }
  });
});
