import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  clientsOf,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const corte = () => shop.services[0]!.id;
const barba = () => shop.services[1]!.id;

describe('refusals', () => {
  it.each([
    [{ clientName: '' }, 'Nome é obrigatório'],
    [{ clientName: 'x'.repeat(101) }, 'Nome muito longo'],
    [{ clientEmail: 'maria@' }, 'Email inválido'],
    [{ clientEmail: undefined }, 'Email inválido'],
    [{ clientEmail: `${'m'.repeat(250)}@exemplo.com.br` }, 'Email muito longo'],
    [{ clientPhone: '9'.repeat(21) }, 'Telefone muito longo'],
    [{ notes: 'x'.repeat(501) }, 'Observações muito longas'],
    [{ serviceIds: [] }, 'Selecione pelo menos um serviço'],
    [{ serviceIds: ['corte'] }, 'Serviço inválido'],
    [{ date: '2026-13-01' }, 'Data inválida'],
    [{ time: '9h' }, 'Hora inválida'],
    [{ professionalId: undefined }, 'Link inválido'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const res = await postBooking(ctx, bookingBody(shop, { time: '17:00', ...override }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });

  it.each([
    ['a past day', '2026-11-20', '10:00'],
    ['a time today that has begun', '2026-11-21', '09:00'],
    ['a closed day', '2026-11-22', '10:00'],
    ['a time off the 30-minute steps', MONDAY, '09:15'],
    ['a duration that runs into lunch', MONDAY, '11:30'],
  ])('refuses %s with 409 SLOT_UNAVAILABLE', async (_name, date, time) => {
    const res = await postBooking(ctx, bookingBody(shop, { date, time }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: 'Este horário não está mais disponível. Escolha outro horário.',
    });
  });

  it('refuses an unknown, inactive or lapsed professional with 404', async () => {
    const inactive = await createBookableProfessional(ctx);
    await ctx.database.db
      .update(profiles)
      .set({ isActive: false })
      .where(eq(profiles.id, inactive.profileId));
    for (const professionalId of [randomUUID(), 'studio-ana', inactive.profileId]) {
      const res = await postBooking(ctx, bookingBody(shop, { professionalId }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Profissional não encontrado',
      });
    }
    ctx.clock.set('2026-11-29T12:00:00Z');
    try {
      const lapsed = await postBooking(
        ctx,
        bookingBody(shop, { date: '2026-12-01', time: '10:00' }),
      );
      expect(lapsed.statusCode).toBe(404);
    } finally {
      ctx.clock.set('2026-11-21T12:00:00Z');
    }
  });

  it('refuses another professional’s service with 400 "Serviço inválido"', async () => {
    const other = await createBookableProfessional(ctx);
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        serviceIds: [corte(), other.services[0]!.id],
        time: '13:00',
        date: TUESDAY,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Serviço inválido');
  });

  it('refuses a taken time with 409 SLOT_TAKEN and leaves nothing of a multi-service booking', async () => {
    const date = '2026-11-30';
    const blocker = await postBooking(
      ctx,
      bookingBody(shop, { serviceIds: [barba()], date, time: '10:00' }),
    );
    expect(blocker.statusCode).toBe(201);
    const email = `sem-rastro-${randomUUID().slice(0, 6)}@exemplo.com.br`;
    // Corte 09:00-10:00 is free; Barba 10:00-10:30 is not: neither may stay.
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        serviceIds: [corte(), barba()],
        date,
        time: '09:00',
        clientEmail: email,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'Este horário acabou de ser reservado. Escolha outro horário.',
    });
    const rows = await appointmentsOf(ctx, shop.profileId, date);
    expect(rows.map((r) => r.startTime)).toEqual(['10:00:00']);
    expect((await clientsOf(ctx, shop.profileId)).some((c) => c.email === email)).toBe(false);
  });

  it('answers forged text the database cannot store with 400, never 500', async () => {
    // A lone surrogate is no text at all: refused.
    for (const field of ['clientName', 'clientPhone', 'notes']) {
      const res = await postBooking(ctx, bookingBody(shop, { [field]: 'a\uD800b', time: '16:00' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Texto inválido' });
    }
    // NUL and other controls are invisible characters: removed, so only clean text is stored.
    const email = `nul-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        time: '16:00',
        clientEmail: email,
        clientName: 'Ma\u0000ria\u0007',
        clientPhone: '(11) 9\u00004444-0000',
        notes: 'a\u0000b',
      }),
    );
    expect(res.statusCode).toBe(201);
    const client = (await clientsOf(ctx, shop.profileId)).find((c) => c.email === email);
    expect(client).toMatchObject({ name: 'Maria', phone: '+5511944440000' });
    const booked = (await appointmentsOf(ctx, shop.profileId, MONDAY)).find(
      (r) => r.clientId === client!.id,
    );
    expect(booked?.notes).toBe('ab');
    for (const url of ['/api/public/professionals/%00', '/api/public/professionals/a%00b/slots']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBeLessThan(500);
    }
  });

  it('refuses a page of another origin (the origin check)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/bookings',
      payload: bookingBody(shop, { time: '16:30' }),
      headers: { origin: 'https://golpe.example' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(403);
  });
});
