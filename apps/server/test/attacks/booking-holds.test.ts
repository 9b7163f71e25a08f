import { randomUUID } from 'node:crypto';
import {
  DEFAULT_BOOKING_PROTECTION,
  REPEATED_EXPIRED_HOLDS_MESSAGE,
  UNCONFIRMED_CAP_MESSAGE,
  UNPAID_HOLDS_CAP_MESSAGE,
} from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_QUEUE } from '../../src/db/queues';
import { createTestApp, type TestContext } from '../helpers/app';
import { nextIp } from '../helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from '../helpers/booking';
import { makeJobsDue } from '../helpers/jobs';

/**
 * Issue 44, finding 2: anonymous visitors filled a professional's day with unpaid Pix holds and
 * unconfirmed bookings (17 of 17 from changing addresses), and an expired hold was taken again
 * at once. Caps per professional and day, counted inside the booking's transaction, and a
 * visitor whose holds keep expiring is refused another (docs/decisions/027-booking-hold-caps.md).
 */
let ctx: TestContext;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';
/** Monday's half-hour starts: 09:00-11:30 and 13:00-17:30. */
const HALF_HOURS = [9, 10, 11, 13, 14, 15, 16, 17].flatMap((h) => [
  `${String(h).padStart(2, '0')}:00`,
  `${String(h).padStart(2, '0')}:30`,
]);

const SINAL = {
  pixKeyType: 'cpf',
  pixKey: '529.982.247-25',
  beneficiaryName: 'Salão do Sinal',
  beneficiaryCity: 'São Paulo',
  depositMode: 'fixed',
  depositFixedCents: 1000,
  depositPercent: 0,
  windowMinutes: 30,
};

beforeAll(async () => {
  ctx = await createTestApp({ now: SATURDAY_0900 });
});
afterAll(async () => {
  await ctx.close();
});

async function shopWithSinal(name: string): Promise<BookableProfessional> {
  const shop = await createBookableProfessional(ctx, { businessName: name });
  const saved = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/payments',
    payload: SINAL,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return shop;
}

/** A half-hour "Barba" at `time`, from its own address and e-mail unless given. */
function book(
  shop: BookableProfessional,
  time: string,
  options: { date?: string; ip?: string; email?: string } = {},
) {
  return postBooking(
    ctx,
    bookingBody(shop, {
      serviceIds: [shop.services[1]!.id],
      date: options.date ?? MONDAY,
      time,
      clientName: `Cliente ${time}`,
      clientEmail: options.email ?? `c-${randomUUID().slice(0, 8)}@exemplo.com.br`,
    }),
    options.ip ?? nextIp(),
  );
}

describe('unconfirmed public bookings per day', () => {
  it('stop at the cap, whatever the addresses, and the refusal names no one', async () => {
    const shop = await createBookableProfessional(ctx, { businessName: 'Barbearia Lotada' });
    const cap = DEFAULT_BOOKING_PROTECTION.maxUnconfirmedPerDay;
    const times = HALF_HOURS.slice(0, cap + 2);
    for (const time of times.slice(0, cap)) {
      expect((await book(shop, time)).statusCode).toBe(201);
    }
    const refused = await book(shop, times[cap]!);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(UNCONFIRMED_CAP_MESSAGE);
    expect(refused.body).not.toMatch(/Cliente \d|exemplo\.com/);
    expect((await appointmentsOf(ctx, shop.profileId, MONDAY)).length).toBe(cap);
    // Another day is not touched.
    expect((await book(shop, '09:00', { date: TUESDAY })).statusCode).toBe(201);

    // A booking the professional confirmed no longer counts: the day takes one more.
    const [first] = await appointmentsOf(ctx, shop.profileId, MONDAY);
    const confirmed = await shop.pro.request({
      method: 'PATCH',
      url: `/api/appointments/${first!.id}`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await book(shop, times[cap]!)).statusCode).toBe(201);
    expect((await book(shop, times[cap + 1]!)).statusCode).toBe(409);
  });
});

describe('unpaid Pix holds per day', () => {
  it('stop at the cap, even sent all at once', async () => {
    const shop = await shopWithSinal('Salão Segurado');
    const cap = DEFAULT_BOOKING_PROTECTION.maxUnpaidHoldsPerDay;
    const answers = await Promise.all(HALF_HOURS.slice(0, cap + 3).map((time) => book(shop, time)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201).length).toBe(cap);
    const refusals = answers.filter((res) => res.statusCode !== 201);
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(UNPAID_HOLDS_CAP_MESSAGE);
    }
    const held = (await appointmentsOf(ctx, shop.profileId, MONDAY)).filter(
      (a) => a.status === 'awaiting_deposit',
    );
    expect(held.length).toBe(cap);
  });
});

describe('a hold that expired', () => {
  it('is not taken again and again by the same address or the same e-mail', async () => {
    ctx.clock.set(SATURDAY_0900);
    const shop = await shopWithSinal('Salão Expirado');
    const ip = nextIp();
    const email = `insistente-${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const expireAll = async (minutes: number) => {
      ctx.clock.set(new Date(Date.parse(SATURDAY_0900) + minutes * 60_000).toISOString());
      await makeJobsDue(ctx.database.db, DEPOSIT_QUEUE);
      await ctx.app.jobs.runDue(DEPOSIT_QUEUE);
    };
    expect((await book(shop, '09:00', { ip, email })).statusCode).toBe(201);
    await expireAll(31);
    // Once expired, a real client retries: allowed.
    expect((await book(shop, '09:00', { ip, email })).statusCode).toBe(201);
    await expireAll(62);
    const again = await book(shop, '09:00', { ip });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(REPEATED_EXPIRED_HOLDS_MESSAGE);
    const otherAddress = await book(shop, '09:00', { email });
    expect(otherAddress.statusCode, otherAddress.body).toBe(409);
    expect(otherAddress.json().message).toBe(REPEATED_EXPIRED_HOLDS_MESSAGE);
    // Someone else takes the freed time.
    expect((await book(shop, '09:00')).statusCode).toBe(201);
  });
});
