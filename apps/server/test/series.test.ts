import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSeries } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  type BookableProfessional,
  createBookableProfessional,
  outboxTo,
} from './helpers/booking';

/*
 * Horário fixo (issue 46): a weekly series across a state holiday the professional closed, a
 * block, time off and another appointment; the preview says why each of those dates cannot
 * happen; saving is all or nothing; the client skips one date from the manage link, the
 * professional moves one, and the rest stays as it was.
 */

let ctx: TestContext;
let shop: BookableProfessional;
let clientId: string;
const CLIENT_EMAIL = 'clara-serie@exemplo.com.br';
const START = '2026-11-21T12:00:00.000Z'; // Saturday, 09:00 in São Paulo.

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  shop.pro.request({ method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shop = await createBookableProfessional(ctx, { businessName: 'Studio Série' });
  const profile = await api('PATCH', '/api/profile', {
    professionalName: 'Bia Série',
    businessName: 'Studio Série',
    phone: null,
    bio: null,
    timezone: 'America/Sao_Paulo',
    state: 'DF',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const client = await api('POST', '/api/clients', { name: 'Clara Série', email: CLIENT_EMAIL });
  expect(client.statusCode, client.body).toBe(201);
  clientId = client.json().id;
  // DF's Dia do Evangélico (Monday 30/11/2026), switched on as closed; a block, time off and
  // another client's appointment on three later Mondays at 10:00.
  const holiday = await api('PUT', '/api/availability/exceptions/2026-11-30', {
    windows: [],
    note: 'Dia do Evangélico',
  });
  expect(holiday.statusCode, holiday.body).toBe(200);
  expect((await api('POST', '/api/blocks', blockOn('2026-12-07'))).statusCode).toBe(201);
  const off = await api('POST', '/api/availability/time-off', {
    startDate: '2026-12-14',
    endDate: '2026-12-14',
    note: 'Curso',
  });
  expect(off.statusCode, off.body).toBe(201);
  const other = await api('POST', '/api/clients', { name: 'Outra Cliente' });
  const busy = await api('POST', '/api/appointments', {
    clientId: other.json().id,
    serviceId: shop.services[0]!.id,
    appointmentDate: '2026-12-21',
    startTime: '10:00',
  });
  expect(busy.statusCode, busy.body).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

function blockOn(date: string) {
  return { date, startTime: '10:00', endTime: '10:30', note: 'Dentista' };
}

function weekly(overrides: Record<string, unknown> = {}) {
  return {
    clientId,
    serviceIds: [shop.services[0]!.id],
    startDate: '2026-11-23',
    startTime: '10:00',
    frequency: 'weekly',
    interval: 1,
    end: { kind: 'count', count: 6 },
    ...overrides,
  };
}

const SKIPS = ['2026-11-30', '2026-12-07', '2026-12-14'];
const MOVE = { date: '2026-12-21', toDate: '2026-12-22', toStartTime: '10:00' };

describe('the preview', () => {
  it('lists every date with why the impossible ones cannot happen', async () => {
    const res = await api('POST', '/api/series/preview', weekly());
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { date: string; problem: string; reason: string }[];
    expect(items.map((i) => [i.date, i.problem, i.reason])).toEqual([
      ['2026-11-23', null, null],
      ['2026-11-30', 'holiday', 'Feriado: Dia do Evangélico'],
      ['2026-12-07', 'block', 'Horário bloqueado: Dentista'],
      ['2026-12-14', 'time_off', 'Folga/Férias: Curso'],
      ['2026-12-21', 'appointment', 'Outro agendamento às 10:00'],
      ['2026-12-28', null, null],
    ]);
  });

  it('checks a moved date where it goes', async () => {
    const res = await api('POST', '/api/series/preview', weekly({ moves: [MOVE] }));
    const moved = res.json().items.find((i: { date: string }) => i.date === MOVE.date);
    expect(moved).toMatchObject({ appointmentDate: '2026-12-22', moved: true, problem: null });
  });

  it('refuses a series beyond a year, or in pt-BR bad input, never a 500', async () => {
    const far = await api(
      'POST',
      '/api/series/preview',
      weekly({ end: { kind: 'until', until: '2028-01-01' } }),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('O horário fixo pode ir no máximo até um ano à frente.');
    const bad = await api('POST', '/api/series/preview', weekly({ interval: 9 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Repetição inválida');
  });
});

describe('saving', () => {
  it('is all or nothing: a kept date that cannot happen saves nothing', async () => {
    const res = await api('POST', '/api/series', weekly());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('30/11/2026 (Feriado: Dia do Evangélico)');
    expect(await ctx.database.db.select().from(appointmentSeries)).toHaveLength(0);
    expect((await appointmentsOf(ctx, shop.profileId)).filter((a) => a.seriesId)).toHaveLength(0);
  });

  let seriesId: string;
  let token: string;

  it('makes one appointment per kept date, each a booking of its own, and mails the client', async () => {
    const res = await api('POST', '/api/series', weekly({ skips: SKIPS, moves: [MOVE] }));
    expect(res.statusCode, res.body).toBe(201);
    seriesId = res.json().id;
    expect(res.json().label).toBe('Toda semana, segunda-feira às 10:00, até 28/12/2026');
    const own = (await appointmentsOf(ctx, shop.profileId)).filter((a) => a.seriesId === seriesId);
    expect(own.map((a) => [a.appointmentDate, a.startTime, a.status])).toEqual([
      ['2026-11-23', '10:00:00', 'scheduled'],
      ['2026-12-22', '10:00:00', 'scheduled'],
      ['2026-12-28', '10:00:00', 'scheduled'],
    ]);
    expect(new Set(own.map((a) => a.bookingId)).size).toBe(3);
    const [mail] = await outboxTo(ctx, CLIENT_EMAIL);
    expect(mail!.text).toContain('Toda semana, segunda-feira às 10:00');
    token = /\/agendamento\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  });

  it('lets the client see the next dates and skip one from the manage link', async () => {
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/manage/${token}`,
      remoteAddress: nextIp(),
    });
    expect(view.statusCode, view.body).toBe(200);
    const next = view.json().series.next as { bookingId: string; date: string }[];
    expect(next.map((n) => n.date)).toEqual(['2026-11-23', '2026-12-22', '2026-12-28']);
    const skip = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/skip`,
      payload: { bookingId: next[2]!.bookingId },
      remoteAddress: nextIp(),
    });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().series.next[2]).toMatchObject({ status: 'cancelled', canSkip: false });
    const own = (await appointmentsOf(ctx, shop.profileId)).filter((a) => a.seriesId === seriesId);
    expect(own.map((a) => a.status)).toEqual(['scheduled', 'scheduled', 'cancelled']);
    // Skipped already (or past the cutoff): refused, nothing else moves.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/skip`,
      payload: { bookingId: next[2]!.bookingId },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('moves "só este" without touching the others, and a price change reaches future dates only', async () => {
    const before = (await appointmentsOf(ctx, shop.profileId)).filter(
      (a) => a.seriesId === seriesId,
    );
    const move = await api('POST', `/api/series/${seriesId}/change`, {
      bookingId: before[1]!.bookingId,
      scope: 'one',
      action: 'update',
      appointmentDate: '2026-12-23',
      startTime: '15:00',
    });
    expect(move.statusCode, move.body).toBe(200);
    ctx.clock.set('2026-11-23T14:00:00.000Z'); // The first date is over.
    for (const past of [{ pricesCents: [1000] }, { startTime: '16:00' }]) {
      const refused = await api('POST', `/api/series/${seriesId}/change`, {
        bookingId: before[0]!.bookingId,
        scope: 'one',
        action: 'update',
        ...past,
      });
      expect(refused.statusCode, JSON.stringify(past)).toBe(409);
      expect(refused.json().message).toBe(
        'Esta data já passou: o horário e o preço dela não mudam mais.',
      );
    }
    const price = await api('POST', `/api/series/${seriesId}/change`, {
      bookingId: before[0]!.bookingId,
      scope: 'all',
      action: 'update',
      pricesCents: [4550],
    });
    expect(price.statusCode, price.body).toBe(200);
    const after = (await appointmentsOf(ctx, shop.profileId)).filter(
      (a) => a.seriesId === seriesId,
    );
    expect(after.map((a) => [a.appointmentDate, a.startTime, a.status, a.totalPrice])).toEqual([
      ['2026-11-23', '10:00:00', 'scheduled', '50.00'],
      ['2026-12-23', '15:00:00', 'scheduled', '45.50'],
      ['2026-12-28', '10:00:00', 'cancelled', '50.00'],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(appointmentSeries)
      .where(eq(appointmentSeries.id, seriesId));
    expect(row!.services[0]!.priceCents).toBe(4550);
    ctx.clock.set(START);
  });

  it('refuses another professional on every series route (404)', async () => {
    const intruder = await createBookableProfessional(ctx, { businessName: 'Intruso' });
    const own = (await appointmentsOf(ctx, shop.profileId)).filter((a) => a.seriesId === seriesId);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      intruder.pro.request({ method, url, ...(payload ? { payload } : {}) });
    expect((await as('GET', `/api/series/${seriesId}`)).statusCode).toBe(404);
    const change = await as('POST', `/api/series/${seriesId}/change`, {
      bookingId: own[0]!.bookingId,
      scope: 'all',
      action: 'cancel',
    });
    expect(change.statusCode).toBe(404);
    const theirs = { ...weekly(), serviceIds: [intruder.services[0]!.id] };
    expect((await as('POST', '/api/series', theirs)).statusCode).toBe(404);
    expect((await as('POST', '/api/series/preview', theirs)).statusCode).toBe(404);
    // Their own client with this shop's services: still refused, by the services.
    const mine = await as('POST', '/api/clients', { name: 'Cliente do Intruso' });
    const withOurs = { ...weekly(), clientId: mine.json().id };
    for (const url of ['/api/series', '/api/series/preview']) {
      const res = await as('POST', url, withOurs);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Serviço não encontrado');
    }
    const after = (await appointmentsOf(ctx, shop.profileId)).filter(
      (a) => a.seriesId === seriesId,
    );
    expect(after).toEqual(own);
  });
});
