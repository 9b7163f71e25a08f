import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_LIMIT } from '../../src/features/manage/routes';
import { deriveWaitlistKey, entryToken } from '../../src/features/waitlist/token';
import { TEST_AUTH_SECRET } from '../helpers/app';
import { bookingBody, postBooking } from '../helpers/booking';
import { createAttackWorld, INDEX_HTML, type AttackWorld } from './helpers/world';

/**
 * Issue 44, item 12: every unknown address answered 200 with the app, so a random page, a
 * guessed manage link or a guessed professional looked like a real one to a crawler, a monitor
 * or a guesser. Now only real pages answer 200; the others get the same page with a 404. And a
 * cancelled booking's .ics says STATUS:CANCELLED, so a calendar that imported it drops it.
 */

let world: AttackWorld;
let address = 0;
const get = (url: string, remoteAddress = `198.51.100.${(address++ % 250) + 1}`) =>
  world.ctx.app.inject({ method: 'GET', url, remoteAddress });
const randomToken = () => randomBytes(24).toString('base64url');

beforeAll(async () => {
  world = await createAttackWorld();
}, 60_000);
afterAll(() => world.close());

describe('pages', () => {
  it.each([
    '/',
    '/auth',
    '/auth/nova-senha?token=abc',
    '/dashboard',
    '/dashboard/',
    '/dashboard/clients',
    '/checkout/demo?session=x',
  ])('%s is a page: 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/pagina-que-nao-existe', '/dashboard/nada', '/auth/x/y', '/wp-login.php', '/api-docs'])(
    '%s is no page: 404 with the same app, which says "Página não encontrada"',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('an unknown API address is a JSON 404', async () => {
    const res = await get('/api/nada-aqui');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});

describe('secret and shared links', () => {
  it('a manage link: the real one 200, a random one 404 with the same page', async () => {
    const real = await get(`/agendamento/${world.records.manageToken}`);
    expect(real.statusCode).toBe(200);
    const guessed = await get(`/agendamento/${randomToken()}`);
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['content-type']).toMatch(/^text\/html/);
    expect(guessed.body).toBe(real.body);
    expect(guessed.headers['cache-control']).toBe('no-store');
  });

  it('a waiting-list link: the real one 200, a random one 404 with the same page', async () => {
    const key = deriveWaitlistKey(TEST_AUTH_SECRET);
    const real = await get(`/lista-de-espera/${entryToken(key, world.records.waitlistEntryId)}`);
    expect(real.statusCode).toBe(200);
    const guessed = await get(`/lista-de-espera/${randomBytes(32).toString('base64url')}`);
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['content-type']).toMatch(/^text\/html/);
    expect(guessed.body).toBe(real.body);
    expect((await get('/lista-de-espera/curto')).statusCode).toBe(404);
  });

  it('guessing manage links through the page meets the manage-link limit', async () => {
    const from = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < MANAGE_LIMIT.max + 3; i += 1) {
      statuses.push((await get(`/agendamento/${randomToken()}`, from)).statusCode);
    }
    expect(statuses.slice(0, MANAGE_LIMIT.max).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(MANAGE_LIMIT.max)).toEqual([429, 429, 429]);
  }, 60_000);

  it('a calendar feed: the real one 200, a random one 404', async () => {
    const feed = await world.owner.pro.request({
      method: 'POST',
      url: '/api/settings/calendar-feed',
    });
    expect(feed.statusCode, feed.body).toBe(201);
    const path = new URL(feed.json().httpsUrl).pathname;
    expect((await get(path)).statusCode).toBe(200);
    expect((await get(`/ics/${randomToken()}.ics`)).statusCode).toBe(404);
  });

  it('a professional: the real one 200, an unknown one 404', async () => {
    expect((await get(`/book/${world.owner.customLink}`)).statusCode).toBe(200);
    expect((await get(`/profissional/${world.owner.customLink}`)).statusCode).toBe(200);
    expect((await get('/book/ninguem-com-este-link')).statusCode).toBe(404);
    expect((await get('/profissional/ninguem-com-este-link')).statusCode).toBe(404);
  });
});

describe('a cancelled booking in calendars', () => {
  it('its .ics and the feed say STATUS:CANCELLED', async () => {
    const booked = await postBooking(
      world.ctx,
      bookingBody(world.owner, { date: '2026-11-26', time: '15:00' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const token = String(booked.json().manageUrl).split('/agendamento/')[1]!;
    const before = await get(`/api/public/manage/${token}/ics`);
    expect(before.body).toContain('STATUS:CONFIRMED');

    const cancel = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/public/manage/${token}/cancel`,
      remoteAddress: '198.51.100.251',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await get(`/api/public/manage/${token}/ics`);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('STATUS:CANCELLED');
    expect(after.body).not.toContain('STATUS:CONFIRMED');

    const feed = await world.owner.pro.request({
      method: 'POST',
      url: '/api/settings/calendar-feed',
    });
    const ics = await get(new URL(feed.json().httpsUrl).pathname);
    const uid = `UID:${booked.json().appointments[0].id}@agendaki`;
    const event = ics.body.split('BEGIN:VEVENT').find((part) => part.includes(uid));
    expect(event).toContain('STATUS:CANCELLED');
  });
});
