import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema';
import {
  BOOKED_TIME_LIMIT_MESSAGE,
  BOOKING_LIMIT_SCOPES,
  BOOKING_LIMITS,
  visitorKey,
} from '../src/features/booking/limits';
import { rateLimitKey } from '../src/plugins/rate-limit';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { testDatabaseKind } from './helpers/database';

/**
 * Booking limits (docs/decisions/006-booking-rate-limits.md): per address and professional,
 * so clients sharing a carrier's address are not refused for each other's bookings elsewhere.
 */

const START = '2026-11-21T12:00:00.000Z';
const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Muitas tentativas. Tente novamente em alguns minutos.',
};

let ctx: TestContext;
let shopA: BookableProfessional;
let shopB: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  shopA = await createBookableProfessional(ctx, { businessName: 'Salão A' });
  shopB = await createBookableProfessional(ctx, { businessName: 'Salão B' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(() => {
  ctx.clock.set(START);
});

function countBy<T>(items: T[], key: (item: T) => string | number) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Spends an address's burst for one professional with bodies that fail validation (400). */
async function spendAttempts(shop: BookableProfessional, ip: string) {
  for (let i = 0; i < BOOKING_LIMITS.attemptsPerVisitor.max; i += 1) {
    const res = await postBooking(ctx, { professionalId: shop.profileId, clientName: '' }, ip);
    expect(res.statusCode).toBe(400);
  }
}

describe(`booking limits (${testDatabaseKind})`, () => {
  it('thirty bookings of one slot from one address: one booking, the rest 409 or 429, no 5xx', async () => {
    const ip = nextIp();
    const date = '2026-12-01';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postBooking(
          ctx,
          bookingBody(shopA, { date, time: '10:00', clientEmail: `fila-${i}@exemplo.com.br` }),
          ip,
        ),
      ),
    );
    expect(countBy(answers, (a) => a.statusCode)).toEqual({ 201: 1, 409: 19, 429: 10 });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBe(600);
    }
    expect(await appointmentsOf(ctx, shopA.profileId, date)).toHaveLength(1);
  });

  it('counts each professional apart: one spent does not refuse the other', async () => {
    const ip = nextIp();
    await spendAttempts(shopA, ip);
    const refused = await postBooking(
      ctx,
      bookingBody(shopA, { date: '2026-12-02', time: '09:00' }),
      ip,
    );
    expect(refused.statusCode).toBe(429);
    const other = await postBooking(
      ctx,
      bookingBody(shopB, { date: '2026-12-02', time: '09:00' }),
      ip,
    );
    expect(other.statusCode, other.body).toBe(201);
    // And another address is not refused for shopA either.
    const neighbour = await postBooking(
      ctx,
      bookingBody(shopA, { date: '2026-12-02', time: '10:00' }),
      nextIp(),
    );
    expect(neighbour.statusCode, neighbour.body).toBe(201);
  });

  it('tells when to come back (Retry-After) and books again once the window is over', async () => {
    const ip = nextIp();
    await spendAttempts(shopA, ip);
    ctx.clock.advance(4 * 60_000);
    const body = bookingBody(shopA, { date: '2026-12-03', time: '09:00' });
    const refused = await postBooking(ctx, body, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('360');
    ctx.clock.advance(360_000);
    const later = await postBooking(ctx, body, ip);
    expect(later.statusCode, later.body).toBe(201);
  });

  it('counts an IPv6 visitor by its /64, not by each of its addresses', async () => {
    await spendAttempts(shopA, '2804:14c:65c1:4012::1');
    const sameNetwork = await postBooking(
      ctx,
      bookingBody(shopA, { date: '2026-12-04', time: '09:00' }),
      '2804:14c:65c1:4012:9d3e:1a2b:3c4d:5e6f',
    );
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await postBooking(
      ctx,
      bookingBody(shopA, { date: '2026-12-04', time: '09:00' }),
      '2804:14c:65c1:4013::1',
    );
    expect(otherNetwork.statusCode, otherNetwork.body).toBe(201);
  });

  it('refuses a flood from one address whatever professional it names', async () => {
    const ip = nextIp();
    await ctx.database.db.insert(rateLimits).values({
      key: rateLimitKey(BOOKING_LIMIT_SCOPES.perAddress, ip),
      count: BOOKING_LIMITS.perAddress.max,
      resetAt: new Date(Date.parse(START) + 60_000),
    });
    const res = await postBooking(ctx, bookingBody(shopB, { date: '2026-12-04' }), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    // Both counters are counted in one statement: the refused request is an attempt too.
    const attempts = await ctx.database.db.query.rateLimits.findFirst({
      where: (t, { eq }) =>
        eq(
          t.key,
          rateLimitKey(BOOKING_LIMIT_SCOPES.attemptsPerVisitor, visitorKey(ip, shopB.profileId)),
        ),
    });
    expect(attempts?.count).toBe(1);
  });

  it('books at most 12 hours of one professional per address a day; refusals give time back', async () => {
    const ip = nextIp();
    // Corte is 60 minutes: eleven of them, one on each half day from 2026-12-07.
    const slots = [
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
    ]
      .flatMap((date) => [
        { date, time: '09:00' },
        { date, time: '14:00' },
      ])
      .slice(0, 11);
    for (const slot of slots) {
      const res = await postBooking(ctx, bookingBody(shopA, slot), ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    // A refused booking (the time is taken) counts no minutes.
    const taken = await postBooking(ctx, bookingBody(shopA, slots[0]!), ip);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    const twelfth = await postBooking(
      ctx,
      bookingBody(shopA, { date: '2026-12-15', time: '09:00' }),
      ip,
    );
    expect(twelfth.statusCode, twelfth.body).toBe(201);

    ctx.clock.advance(30 * 60_000);
    const body = bookingBody(shopA, { date: '2026-12-15', time: '14:00' });
    const refused = await postBooking(ctx, body, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ...TOO_MANY, message: BOOKED_TIME_LIMIT_MESSAGE });
    expect(refused.headers['retry-after']).toBe(String(24 * 3600 - 30 * 60));
    expect(await appointmentsOf(ctx, shopA.profileId, '2026-12-15')).toHaveLength(1);

    // Another professional, and another address for this one, are not affected.
    expect(
      (await postBooking(ctx, bookingBody(shopB, { date: '2026-12-15' }), ip)).statusCode,
    ).toBe(201);
    expect((await postBooking(ctx, body, nextIp())).statusCode).toBe(201);
    ctx.clock.advance(24 * 3600_000);
    const nextDay = bookingBody(shopA, { date: '2026-12-16', time: '09:00' });
    expect((await postBooking(ctx, nextDay, ip)).statusCode).toBe(201);
  });

  it('lets one booking longer than the daily allowance through when it is the first', async () => {
    const long = await createBookableProfessional(ctx, {
      services: [{ name: 'Dia da noiva', price: 900, durationMinutes: 13 * 60 }],
      week: [1, 2, 3, 4, 5].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: '06:00',
        endTime: '20:00',
        isActive: true,
      })),
    });
    const ip = nextIp();
    const first = await postBooking(
      ctx,
      bookingBody(long, { date: '2026-12-07', time: '06:00' }),
      ip,
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await postBooking(
      ctx,
      bookingBody(long, { date: '2026-12-08', time: '06:00' }),
      ip,
    );
    expect(second.statusCode).toBe(429);
  });
});
