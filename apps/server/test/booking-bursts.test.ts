import { randomUUID } from 'node:crypto';
import {
  BURST_NOT_FOUND_MESSAGE,
  DEFAULT_BOOKING_PROTECTION,
  UNCONFIRMED_CAP_MESSAGE,
} from '@agendaki/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { nextIp } from './helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  TUESDAY,
  type BookableProfessional,
} from './helpers/booking';

/**
 * The professional's side of decision 027: the hold caps in Configurações, and "Agendamentos
 * suspeitos", public bookings from one address, listed and cancelled at once ("Cancelar
 * todos"), by their owner only.
 */
let ctx: TestContext;
let shop: BookableProfessional;
let other: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Vigiado' });
  other = await createBookableProfessional(ctx, { businessName: 'Outro Salão' });
});
afterAll(async () => {
  await ctx.close();
});

const URL = '/api/settings/booking-protection';

function book(who: BookableProfessional, time: string, ip: string, date = MONDAY) {
  const email = `b-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  return postBooking(ctx, bookingBody(who, { date, time, clientEmail: email }), ip).then((res) => ({
    res,
    email,
  }));
}

describe('the hold caps setting', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('starts at the defaults and refuses values out of range in pt-BR', async () => {
    const res = await shop.pro.request({ method: 'GET', url: URL });
    expect(res.json()).toEqual(DEFAULT_BOOKING_PROTECTION);
    const bad = await shop.pro.request({
      method: 'PUT',
      url: URL,
      payload: { maxUnpaidHoldsPerDay: 0, maxUnconfirmedPerDay: 500 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('O limite de reservas aguardando sinal deve ser de pelo menos 1');
  });

  it('is saved per professional and binds the next booking', async () => {
    const saved = await other.pro.request({
      method: 'PUT',
      url: URL,
      payload: { maxUnpaidHoldsPerDay: 2, maxUnconfirmedPerDay: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shop.pro.request({ method: 'GET', url: URL })).json()).toEqual(
      DEFAULT_BOOKING_PROTECTION,
    );
    expect((await book(other, '09:00', nextIp(), TUESDAY)).res.statusCode).toBe(201);
    const refused = (await book(other, '10:00', nextIp(), TUESDAY)).res;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNCONFIRMED_CAP_MESSAGE);
  });
});

describe('suspicious bursts', () => {
  const burstIp = '203.0.113.50';
  const emails: string[] = [];

  it('groups three or more bookings from one address, storing only its HMAC', async () => {
    for (const time of ['09:00', '10:00', '11:00']) {
      const { res, email } = await book(shop, time, burstIp);
      expect(res.statusCode, res.body).toBe(201);
      emails.push(email);
    }
    // Two from another address are not a burst.
    for (const time of ['13:00', '14:00']) {
      expect((await book(shop, time, '203.0.113.51')).res.statusCode).toBe(201);
    }
    const res = await shop.pro.request({ method: 'GET', url: '/api/booking-bursts' });
    expect(res.statusCode).toBe(200);
    const { bursts } = res.json();
    expect(bursts).toHaveLength(1);
    expect(bursts[0].bookings.map((b: { startTime: string }) => b.startTime)).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
    expect(bursts[0].id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body).not.toContain(burstIp);
    const stored = await ctx.database.db
      .select({ hash: bookingRequests.visitorHash })
      .from(bookingRequests)
      .where(eq(bookingRequests.professionalId, shop.profileId));
    expect(stored.every((row) => row.hash && !row.hash.includes('203.0.113'))).toBe(true);
    // Another professional sees none of it.
    const theirs = await other.pro.request({ method: 'GET', url: '/api/booking-bursts' });
    expect(theirs.json().bursts).toEqual([]);
  });

  it("refuses another account's 'Cancelar todos' with 404 and changes nothing", async () => {
    const [burst] = (await shop.pro.request({ method: 'GET', url: '/api/booking-bursts' })).json()
      .bursts;
    const res = await other.pro.request({
      method: 'POST',
      url: `/api/booking-bursts/${burst.id}/cancel`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BURST_NOT_FOUND_MESSAGE);
    const live = (await appointmentsOf(ctx, shop.profileId, MONDAY)).filter(
      (a) => a.status !== 'cancelled',
    );
    expect(live).toHaveLength(5);
  });

  it('cancels the whole burst at once, frees its times and mails no client', async () => {
    const [burst] = (await shop.pro.request({ method: 'GET', url: '/api/booking-bursts' })).json()
      .bursts;
    const mailsBefore = (await Promise.all(emails.map((e) => outboxTo(ctx, e)))).flat().length;
    const res = await shop.pro.request({
      method: 'POST',
      url: `/api/booking-bursts/${burst.id}/cancel`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelled: 3 });
    const monday = await appointmentsOf(ctx, shop.profileId, MONDAY);
    expect(monday.filter((a) => a.status === 'cancelled')).toHaveLength(3);
    expect(monday.filter((a) => a.status !== 'cancelled')).toHaveLength(2);
    expect((await Promise.all(emails.map((e) => outboxTo(ctx, e)))).flat().length).toBe(
      mailsBefore,
    );
    expect(
      (await shop.pro.request({ method: 'GET', url: '/api/booking-bursts' })).json().bursts,
    ).toEqual([]);
    // The freed time is offered again.
    expect((await book(shop, '09:00', nextIp())).res.statusCode).toBe(201);
    const again = await shop.pro.request({
      method: 'POST',
      url: `/api/booking-bursts/${burst.id}/cancel`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 to a malformed id', async () => {
    const res = await shop.pro.request({ method: 'POST', url: '/api/booking-bursts/x/cancel' });
    expect(res.statusCode).toBe(404);
  });
});
