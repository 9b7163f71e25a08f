import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSeries, appointments, waitlistOffers } from '../../src/db/schema';
import { createTestApp, type TestContext } from '../helpers/app';
import { createBookableProfessional, type BookableProfessional } from '../helpers/booking';
import { joinWaitlistOf } from '../helpers/waitlist';
import { date, junkValue, nearValid, time, wireBody } from './helpers/fuzz-arbitraries';

/**
 * Property: nothing a signed-in professional sends to the horário fixo's and the lista de
 * espera's routes (issue 46) yields a 5xx, and a refused request writes nothing: no series
 * without its appointments, no appointment moved or repriced, no offer made.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let shop: BookableProfessional;
let clientId: string;
let seriesId: string;
let bookingIds: string[];
let entryId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, { businessName: 'Estúdio Fuzz' });
  const client = await shop.pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Clara Fuzz', email: 'clara-fuzz@exemplo.com.br' },
  });
  clientId = client.json().id;
  const series = await shop.pro.request({
    method: 'POST',
    url: '/api/series',
    payload: {
      clientId,
      serviceIds: [shop.services[0]!.id],
      startDate: '2026-11-24',
      startTime: '15:00',
      frequency: 'weekly',
      interval: 1,
      end: { kind: 'count', count: 3 },
    },
  });
  expect(series.statusCode, series.body).toBe(201);
  seriesId = series.json().id;
  bookingIds = (series.json().occurrences as { bookingId: string }[]).map((o) => o.bookingId);
  entryId = await joinWaitlistOf(ctx, shop);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const uuidish = () =>
  fc.oneof(
    fc.constantFrom(clientId, seriesId, entryId, shop.services[0]!.id, ...bookingIds),
    fc.uuid(),
    fc.string({ maxLength: 40 }),
  );
const count = fc.oneof(
  fc.integer({ min: -2, max: 60 }),
  fc.constantFrom(0, 2 ** 31, 1.5, Number.MAX_SAFE_INTEGER, '4'),
);
const seriesBody = () =>
  nearValid({
    clientId: uuidish(),
    serviceIds: fc.array(uuidish(), { maxLength: 6 }),
    startDate: date,
    startTime: time,
    frequency: fc.constantFrom('weekly', 'monthly', 'daily'),
    interval: count,
    end: fc.oneof(
      nearValid({ kind: fc.constant('count'), count }),
      nearValid({ kind: fc.constant('until'), until: date }),
      junkValue,
    ),
    skips: fc.array(date, { maxLength: 3 }),
    moves: fc.array(nearValid({ date, toDate: date, toStartTime: time }), { maxLength: 2 }),
  });

function send(httpMethod: string, url: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>) {
  return fc.tuple(url, wireBody(body)).map(([path, wire]) => ({
    method: httpMethod,
    url: path,
    payload: wire.body,
    headers: wire.type ? { 'content-type': wire.type } : {},
  }));
}

/** What a refused request must leave as it was. */
async function snapshot() {
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.professionalId, shop.profileId));
  const series = await db
    .select()
    .from(appointmentSeries)
    .where(eq(appointmentSeries.professionalId, shop.profileId));
  const offers = await db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.professionalId, shop.profileId));
  return JSON.stringify([
    rows.map((a) => [a.id, a.appointmentDate, a.startTime, a.status, a.totalPrice]).sort(),
    series.map((s) => [s.id, s.startTime, s.untilDate, s.services]).sort(),
    offers.map((o) => [o.id, o.status]).sort(),
  ]);
}

async function expectNo5xxNorHalfWrite(
  name: string,
  requests: fc.Arbitrary<{ method: string; url: string; payload?: string; headers?: object }>,
) {
  const property = fc.asyncProperty(requests, async (request) => {
    const before = await snapshot();
    const res = await shop.pro.request(request as InjectOptions);
    const where = `${request.method} ${request.url} ${String(request.payload).slice(0, 200)}`;
    expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400) expect(await snapshot(), where).toBe(before);
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: false });
  } catch (error) {
    throw new Error(`${name} (replay with FUZZ_SEED=${SEED})\n${(error as Error).message}`, {
      cause: error,
    });
  }
}

describe('the horário fixo and lista de espera routes never answer 5xx', () => {
  it('preview and save of a series', async () => {
    await expectNo5xxNorHalfWrite(
      'POST /api/series(/preview)',
      fc.oneof(
        send('POST', fc.constant('/api/series/preview'), seriesBody()),
        send('POST', fc.constant('/api/series'), seriesBody()),
      ),
    );
    // Whatever was saved, saved whole: every series has its appointments.
    const series = await ctx.database.db
      .select()
      .from(appointmentSeries)
      .where(eq(appointmentSeries.professionalId, shop.profileId));
    const rows = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.professionalId, shop.profileId));
    for (const s of series) expect(rows.some((a) => a.seriesId === s.id)).toBe(true);
  });

  it('a change from one occurrence', async () => {
    await expectNo5xxNorHalfWrite(
      'POST /api/series/:id/change',
      send(
        'POST',
        uuidish().map((id) => `/api/series/${encodeURIComponent(id)}/change`),
        nearValid({
          bookingId: uuidish(),
          scope: fc.constantFrom('one', 'following', 'all', 'none'),
          action: fc.constantFrom('update', 'cancel', 'delete'),
          appointmentDate: date,
          startTime: time,
          pricesCents: fc.array(count, { maxLength: 6 }),
        }),
      ),
    );
  });

  it('the waiting list: settings, an offer by hand, the day', async () => {
    await expectNo5xxNorHalfWrite(
      'waitlist',
      fc.oneof(
        send(
          'PUT',
          fc.constant('/api/waitlist/settings'),
          nearValid({ enabled: fc.oneof(fc.boolean(), junkValue), holdMinutes: count }),
        ),
        send(
          'POST',
          uuidish().map((id) => `/api/waitlist/${encodeURIComponent(id)}/offer`),
          nearValid({ date, time }),
        ),
        date.map((d) => ({ method: 'GET', url: `/api/waitlist?date=${encodeURIComponent(d)}` })),
      ),
    );
  });
});
