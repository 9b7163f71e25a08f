import { Writable } from 'node:stream';
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
import { bookingBody, createBookableProfessional, postBooking } from './helpers/booking';
import { createTestDatabase } from './helpers/database';

/**
 * What the servers are doing (docs/product.md, "The operator's side"): /metrics in Prometheus'
 * text format only with its token, and a request id on every answer, in the 5xx body the user
 * sees and on every log line of the request.
 */

const TOKEN = 'metricas-0123456789abcdef-token';
let ctx: TestContext;
const lines: string[] = [];

beforeAll(async () => {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent-agendaki-dist',
    AUTH_SECRET: TEST_AUTH_SECRET,
    METRICS_TOKEN: TOKEN,
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

async function scrape(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one series, e.g. `agendaki_bookings_created_total`; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

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

  it('is not in a 4xx answer, which says what to fix', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().requestId).toBeUndefined();
  });
});
