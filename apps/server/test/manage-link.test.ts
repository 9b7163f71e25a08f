import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_NOTICE_QUEUE } from '../src/db/queues';
import { bookingRequests, manageLinks } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  slotsOf,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';
import { makeJobsDue } from './helpers/jobs';

let ctx: TestContext;
let shop: BookableProfessional;
const START = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shop = await createBookableProfessional(ctx, {
    businessName: 'Studio Bia',
    professionalName: 'Bia Souza',
  });
});
afterAll(async () => {
  await ctx.close();
});

function tokenOf(url: string): string {
  return url.split('/agendamento/')[1]!;
}

async function book(overrides: Record<string, unknown> = {}) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(ctx, bookingBody(shop, { clientEmail: email, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { body, email, token: tokenOf(body.manageUrl as string) };
}

/** The client's changes are told by the notice of their window (change-notice.ts). */
async function noticesTo(address: string) {
  await makeJobsDue(ctx.database.db, CHANGE_NOTICE_QUEUE);
  await ctx.app.jobs.runDue(CHANGE_NOTICE_QUEUE);
  return outboxTo(ctx, address);
}

function manage(token: string, action = '', payload?: object, ip = nextIp()) {
  return ctx.app.inject({
    method: action && !action.startsWith('slots') && action !== 'ics' ? 'POST' : 'GET',
    url: `/api/public/manage/${token}${action ? `/${action}` : ''}`,
    payload,
    remoteAddress: ip,
  });
}

describe('the manage link', () => {
  it('is in the answer and the e-mail, and only its hash is stored', async () => {
    ctx.clock.set(START);
    const { body, email, token } = await book({ time: '14:00' });
    expect(body.manageUrl).toMatch(/^http.+\/agendamento\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await outboxTo(ctx, email);
    expect(mail!.text).toContain(body.manageUrl);
    const rows = await ctx.database.db
      .select()
      .from(manageLinks)
      .where(eq(manageLinks.bookingId, body.bookingId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [stored] = await ctx.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, body.bookingId));
    expect(JSON.stringify(stored!.response)).not.toContain(token);

    const view = await manage(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toMatchObject({
      status: 'scheduled',
      businessName: 'Studio Bia',
      professionalName: 'Bia Souza',
      date: MONDAY,
      startTime: '14:00',
      endTime: '15:00',
      totalPriceCents: 5000,
      canChange: true,
      cutoffHours: 2,
      services: [{ name: 'Corte', startTime: '14:00', endTime: '15:00', priceCents: 5000 }],
    });
    const ics = await manage(token, 'ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART:20261123T170000Z');
  });

  it('confirms presence: the agenda shows Confirmado and the professional gets an e-mail', async () => {
    ctx.clock.set(START);
    const { body, token } = await book({ time: '15:00' });
    const res = await manage(token, 'confirm');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('confirmed');
    const agenda = await shop.pro.request({
      method: 'GET',
      url: `/api/appointments/${body.appointments[0].id}`,
    });
    expect(agenda.json().status).toBe('confirmed');
    const notices = await noticesTo(shop.pro.email);
    expect(notices.some((m) => m.subject.includes('confirmou presença'))).toBe(true);
  });

  it('reschedules the same services to another offered time, once per key', async () => {
    ctx.clock.set(START);
    const services = shop.services.map((s) => s.id);
    const { body, token } = await book({ serviceIds: services, time: '09:00', date: TUESDAY });
    expect(await slotsOf(ctx, shop.customLink, TUESDAY, services)).not.toContain('09:00');
    const offered = await manage(token, 'slots?date=' + TUESDAY);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().slots).toContain('15:00');

    const key = randomUUID();
    const res = await manage(token, 'reschedule', {
      date: TUESDAY,
      time: '15:00',
      idempotencyKey: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', startTime: '15:00', endTime: '16:30' });
    const slots = await slotsOf(ctx, shop.customLink, TUESDAY, services);
    expect(slots).toContain('09:00');
    expect(slots).not.toContain('15:00');
    const rows = (await appointmentsOf(ctx, shop.profileId, TUESDAY)).filter(
      (a) => a.bookingId === body.bookingId,
    );
    expect(rows.map((a) => [a.startTime, a.endTime, a.status])).toEqual([
      ['15:00:00', '16:00:00', 'scheduled'],
      ['16:00:00', '16:30:00', 'scheduled'],
    ]);
    // The same request again changes nothing; the key with another time is refused.
    const again = await manage(token, 'reschedule', {
      date: TUESDAY,
      time: '15:00',
      idempotencyKey: key,
    });
    expect(again.statusCode).toBe(200);
    const reused = await manage(token, 'reschedule', {
      date: TUESDAY,
      time: '10:00',
      idempotencyKey: key,
    });
    expect(reused.statusCode).toBe(422);
    const notices = await noticesTo(shop.pro.email);
    expect(notices.filter((m) => m.subject.includes('remarcou'))).toHaveLength(1);
  });

  it('refuses a reschedule to a time that is not offered', async () => {
    ctx.clock.set(START);
    const { token } = await book({ time: '10:00', date: TUESDAY });
    const lunch = await manage(token, 'reschedule', {
      date: TUESDAY,
      time: '12:00',
      idempotencyKey: randomUUID(),
    });
    expect(lunch.statusCode).toBe(409);
    expect(lunch.json().message).toBe(
      'Este horário não está mais disponível. Escolha outro horário.',
    );
  });

  it('cancels: the time is free again, the professional is told, the link acts no more', async () => {
    ctx.clock.set(START);
    const { token } = await book({ time: '16:00' });
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).not.toContain(
      '16:00',
    );
    const res = await manage(token, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', canChange: false });
    expect(await slotsOf(ctx, shop.customLink, MONDAY, [shop.services[0]!.id])).toContain('16:00');
    const notices = await noticesTo(shop.pro.email);
    expect(notices.some((m) => m.subject.includes('cancelou'))).toBe(true);
    for (const action of ['confirm', 'cancel']) {
      const reused = await manage(token, action);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().message).toBe('Este agendamento foi cancelado.');
    }
    const moved = await manage(token, 'reschedule', {
      date: TUESDAY,
      time: '17:00',
      idempotencyKey: randomUUID(),
    });
    expect(moved.statusCode).toBe(409);
  });

  it('past the cutoff, no change is taken; after the appointment the link is dead', async () => {
    ctx.clock.set(START);
    const { token } = await book({ time: '11:00' });
    // Monday 09:30 in São Paulo: 1 h 30 before, inside the default 2 h.
    ctx.clock.set('2026-11-23T12:30:00.000Z');
    const view = await manage(token);
    expect(view.json().canChange).toBe(false);
    const res = await manage(token, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('O prazo para alterar');
    // With "0 = any time before the start" it opens again.
    const saved = await shop.pro.request({
      method: 'PUT',
      url: '/api/settings/after-booking',
      payload: {
        cancelCutoffHours: 0,
        reminderHours: 24,
        clientEmailRequired: true,
        whatsappTemplate: '',
        address: '',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await manage(token)).json().canChange).toBe(true);
    ctx.clock.set('2026-11-23T15:00:00.000Z');
    const dead = await manage(token);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().message).toBe('Link inválido ou expirado');
    await shop.pro.request({
      method: 'PUT',
      url: '/api/settings/after-booking',
      payload: { cancelCutoffHours: 2, reminderHours: 24, clientEmailRequired: true },
    });
    ctx.clock.set(START);
  });
});

describe('settings', () => {
  it('reads the defaults and refuses values outside the rules in pt-BR', async () => {
    const res = await shop.pro.request({ method: 'GET', url: '/api/settings/after-booking' });
    expect(res.json()).toMatchObject({
      cancelCutoffHours: 2,
      reminderHours: 24,
      clientEmailRequired: true,
    });
    const bad = await shop.pro.request({
      method: 'PUT',
      url: '/api/settings/after-booking',
      payload: { cancelCutoffHours: 2, reminderHours: 5, clientEmailRequired: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Lembrete inválido');
  });
});

describe('attacks on the manage link', () => {
  it('a token of another key or booking, or any guess, is "Link inválido ou expirado"', async () => {
    const other = await createBookableProfessional(ctx, { businessName: 'Outro Lugar' });
    const res = await postBooking(
      ctx,
      bookingBody(other, { time: '13:00', clientEmail: 'x@exemplo.com.br' }),
    );
    const otherToken = tokenOf(res.json().manageUrl);
    // Another professional's token opens that booking only: never one of this professional's.
    const view = await manage(otherToken);
    expect(view.json().businessName).toBe('Outro Lugar');
    // Another professional cannot reach this one's appointments from the dashboard.
    const mine = await book({ time: '17:00', date: TUESDAY });
    const peek = await other.pro.request({
      method: 'GET',
      url: `/api/appointments/${mine.body.appointments[0].id}/whatsapp`,
    });
    expect(peek.statusCode).toBe(404);
    const mark = await other.pro.request({
      method: 'PUT',
      url: `/api/appointments/${mine.body.appointments[0].id}/whatsapp-sent`,
      payload: { sent: true },
    });
    expect(mark.statusCode).toBe(404);
    // One character off: moved 16 places in the base64url alphabet, so it never equals the
    // token's own last character (whose two lowest bits are padding).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet[(alphabet.indexOf(otherToken.at(-1)!) + 16) % 64]!;
    const nearMiss = `${otherToken.slice(0, 42)}${last}`;
    for (const guess of ['x', 'a'.repeat(43), nearMiss, '../../etc/passwd']) {
      const answer = await manage(encodeURIComponent(guess));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Link inválido ou expirado');
    }
  });

  it('10,000 guessed tokens are refused and rate-limited', async () => {
    const ip = nextIp();
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const guess = Buffer.from(randomUUID() + randomUUID())
        .toString('base64url')
        .slice(0, 43);
      const res = await manage(guess, '', undefined, ip);
      counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([404, 429]);
    expect(counts.get(404)).toBe(120);
  }, 300_000);

  it('answers a near-miss and a random guess in the same time', async () => {
    const { token } = await book({ time: '13:00', date: TUESDAY });
    const near = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    const timings: Record<'near' | 'random', number[]> = { near: [], random: [] };
    for (let i = 0; i < 150; i += 1) {
      for (const kind of ['near', 'random'] as const) {
        const guess =
          kind === 'near'
            ? near
            : Buffer.from(randomUUID() + randomUUID())
                .toString('base64url')
                .slice(0, 43);
        const started = process.hrtime.bigint();
        const res = await manage(guess);
        timings[kind].push(Number(process.hrtime.bigint() - started));
        expect(res.statusCode).toBe(404);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(timings.near) / median(timings.random);
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
  }, 120_000);
});

export { and, sql };
