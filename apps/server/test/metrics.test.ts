import { Writable } from 'node:stream';
import { BOOKING_PAUSED_MESSAGE, UNCONFIRMED_CAP_MESSAGE } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { MAIL_QUEUE } from '../src/db/queues';
import { createFixedClock } from '../src/lib/clock';
import {
  createTestApp,
  TEST_AUTH_SECRET,
  TEST_POW_DIFFICULTY,
  type TestContext,
} from './helpers/app';
import { bookingBody, createBookableProfessional, postBooking, TUESDAY } from './helpers/booking';
import { createTestDatabase } from './helpers/database';
import { METRICS_TOKEN as TOKEN, scrape as scrapeOf, valueOf } from './helpers/metrics';
import { STRIPE_ENV } from './helpers/stripe-events';

/**
 * What the servers are doing (docs/product.md, "The operator's side"): /metrics in Prometheus'
 * text format only with its token, and a request id on every answer, in the 5xx body the user
 * sees and on every log line of the request.
 */

let ctx: TestContext;
const lines: string[] = [];

beforeAll(async () => {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent-agendaki-dist',
    AUTH_SECRET: TEST_AUTH_SECRET,
    METRICS_TOKEN: TOKEN,
    // Stripe's provider logs with a logger made at start-up (its refused webhooks).
    ...STRIPE_ENV,
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
  const database = await createTestDatabase();
  const clock = createFixedClock('2026-11-21T12:00:00.000Z');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    env,
    database,
    clock,
    logger: { level: 'info', stream },
    bookingPow: TEST_POW_DIFFICULTY,
  });
  app.get('/api/teste/falha', async (request) => {
    request.log.info('antes da falha');
    throw new Error('falha inesperada');
  });
  await app.ready();
  ctx = {
    app,
    database,
    env,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const scrape = () => scrapeOf(ctx);

describe('/metrics', () => {
  it('refuses without the token, or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer errado' }, { authorization: TOKEN }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Informe o token das métricas.');
      expect(res.body).not.toContain('agendaki_');
    }
  });

  it('is no page at all when no token is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts bookings made and refused, latency by route, the queue, mails and the pool', async () => {
    const studio = await createBookableProfessional(ctx);
    const made = await postBooking(ctx, bookingBody(studio));
    expect(made.statusCode, made.body).toBe(201);
    const bad = await postBooking(ctx, bookingBody(studio, { date: 'ontem' }));
    expect(bad.statusCode).toBe(400);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}`,
    });
    expect(page.statusCode).toBe(200);

    let text = await scrape();
    expect(valueOf(text, 'agendaki_bookings_created_total')).toBe(1);
    expect(valueOf(text, 'agendaki_bookings_refused_total{reason="VALIDATION"}')).toBe(1);
    expect(
      valueOf(
        text,
        'agendaki_http_request_duration_seconds_count{method="POST",route="/api/public/bookings",status="201"}',
      ),
    ).toBe(1);
    // The route's pattern, never an address with an id or a link in it.
    expect(text).toContain('route="/api/public/professionals/:identifier"');
    expect(text).not.toContain(studio.customLink);
    const waiting = valueOf(text, 'agendaki_job_queue_waiting{queue="mail"}') ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'agendaki_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);

    const ran = await ctx.app.jobs.runDue(MAIL_QUEUE);
    expect(ran.completed).toBeGreaterThanOrEqual(2);
    text = await scrape();
    expect(valueOf(text, 'agendaki_messages_total{channel="email",outcome="sent"}')).toBe(
      ran.completed,
    );
    expect(valueOf(text, 'agendaki_jobs_total{queue="mail",outcome="completed"}')).toBe(
      ran.completed,
    );
    expect(valueOf(text, 'agendaki_job_queue_waiting{queue="mail"}')).toBe(waiting - ran.completed);
  });
});

describe('the booking counters', () => {
  const created = async () => valueOf(await scrape(), 'agendaki_bookings_created_total') ?? 0;
  const refusedFor = async (reason: string) =>
    valueOf(await scrape(), `agendaki_bookings_refused_total{reason="${reason}"}`) ?? 0;

  it('counts a booking sent again under its idempotency key once', async () => {
    const studio = await createBookableProfessional(ctx);
    const before = await created();
    const body = bookingBody(studio, { time: '10:00' });
    const first = await postBooking(ctx, { ...body });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postBooking(ctx, { ...body });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().bookingId).toBe(first.json().bookingId);
    expect(await created()).toBe(before + 1);
  });

  it('names the reason of a refusal: a paused agenda, a cap on unconfirmed bookings', async () => {
    const studio = await createBookableProfessional(ctx);
    const caps = await studio.pro.request({
      method: 'PUT',
      url: '/api/settings/booking-protection',
      payload: { maxUnpaidHoldsPerDay: 2, maxUnconfirmedPerDay: 1 },
    });
    expect(caps.statusCode, caps.body).toBe(200);
    const conflicts = await refusedFor('CONFLICT');
    expect((await postBooking(ctx, bookingBody(studio, { date: TUESDAY }))).statusCode).toBe(201);
    const capped = await postBooking(ctx, bookingBody(studio, { date: TUESDAY, time: '10:00' }));
    // The visitor's message and status as before; the reason is the metrics'.
    expect(capped.statusCode).toBe(409);
    expect(capped.json().message).toBe(UNCONFIRMED_CAP_MESSAGE);
    expect(await refusedFor('UNCONFIRMED_CAP')).toBe(1);

    const rules = (
      await studio.pro.request({ method: 'GET', url: '/api/settings/booking-rules' })
    ).json();
    const paused = await studio.pro.request({
      method: 'PUT',
      url: '/api/settings/booking-rules',
      payload: { ...rules, paused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const refused = await postBooking(ctx, bookingBody(studio, { time: '11:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_PAUSED_MESSAGE);
    expect(await refusedFor('BOOKING_PAUSED')).toBe(1);
    expect(await refusedFor('CONFLICT')).toBe(conflicts);
  });
});

describe('the request id', () => {
  it('is on every answer, new for each request, never taken from the client', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'escolhido-pelo-cliente' },
    });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('is in the 5xx answer and on every log line of that request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/teste/falha' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
      requestId: id,
    });
    const ofRequest = lines.map((line) => JSON.parse(line)).filter((l) => l.reqId === id);
    const messages = ofRequest.map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'incoming request',
        'antes da falha',
        'request failed',
        'request completed',
      ]),
    );
  });

  it('is on the lines of a logger the app made at start-up, written during the request', async () => {
    // Over a real socket: its body arrives outside the context entered at onRequest.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/billing/webhook`, {
      method: 'POST',
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=abc,v1=123' },
    });
    expect(res.status).toBe(400);
    const parsed = lines.map((line) => JSON.parse(line));
    const refused = parsed.filter((line) => line.msg === 'stripe: webhook refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      feature: 'billing',
      reqId: res.headers.get('x-request-id'),
    });
    // Its own lines name their request once; lines outside a request name none.
    expect(
      lines
        .filter((line) => line.includes('"reqId"'))
        .every((line) => (line.match(/"reqId"/g) ?? []).length === 1),
    ).toBe(true);
  });

  it('is not in a 4xx answer, which says what to fix', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().requestId).toBeUndefined();
  });
});
