import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { createFixedClock } from '../../src/lib/clock';
import { TEST_AUTH_SECRET, type TestContext } from '../helpers/app';
import { bookingBody, createBookableProfessional, postBooking } from '../helpers/booking';
import { createTestDatabase } from '../helpers/database';
import { createTempDist, type TempDist } from './helpers/world';

/**
 * Secrets that travel in addresses never reach the logs (issue 44, item 7): the manage link, the
 * calendar feed (which opens every client's name, phone and notes) and e-mailed `?token=` links.
 * The real app logs into a captured stream at `info`, as in production.
 */

let ctx: TestContext;
let dist: TempDist;
const lines: string[] = [];

beforeAll(async () => {
  dist = createTempDist();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: dist.dir,
    // Required on PostgreSQL (decision 029).
    AUTH_SECRET: TEST_AUTH_SECRET,
  });
  const database = await createTestDatabase();
  const clock = createFixedClock('2026-11-21T12:00:00.000Z');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ env, database, clock, logger: { level: 'info', stream } });
  // An unexpected failure whose message names the address it failed on, as a 5xx is logged.
  app.get('/api/public/manage/:token/falha', async (request) => {
    throw new Error(`failed on ${request.url}`);
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
});
afterAll(async () => {
  await ctx.close();
  dist.remove();
});

describe('the logs', () => {
  it('carry no manage-link, feed or e-mailed token', async () => {
    const owner = await createBookableProfessional(ctx);
    const booked = await postBooking(ctx, bookingBody(owner));
    expect(booked.statusCode, booked.body).toBe(201);
    const manageToken = String(booked.json().manageUrl).split('/agendamento/')[1]!;
    const feed = await owner.pro.request({ method: 'POST', url: '/api/settings/calendar-feed' });
    expect(feed.statusCode, feed.body).toBe(201);
    const feedToken = /\/ics\/([^/]+)\.ics$/.exec(feed.json().httpsUrl)![1]!;
    const emailedToken = 'token-de-email-0123456789abcdef';
    lines.length = 0;

    const urls = [
      `/api/public/manage/${manageToken}`,
      `/api/public/manage/${manageToken}/slots?date=2026-11-24`,
      `/agendamento/${manageToken}`,
      `/agendamento/${manageToken}?origem=email`,
      `/ics/${feedToken}.ics`,
      `/ICS/${feedToken}.ics`,
      `/api/auth/verify-email?token=${emailedToken}`,
      `/auth/nova-senha?token=${emailedToken}`,
      `/api/public/manage/${manageToken}/falha`,
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await ctx.app.inject({ url })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(500);

    const log = lines.join('');
    // The lines are there, each request's address with its secret replaced.
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('/api/public/manage/[redacted]/slots?date=2026-11-24');
    expect(log).toContain('/ics/[redacted].ics');
    expect(log).toContain('"msg":"request failed"');
    for (const secret of [manageToken, feedToken, emailedToken]) {
      expect(log, secret).not.toContain(secret);
    }
  }, 60_000);
});
