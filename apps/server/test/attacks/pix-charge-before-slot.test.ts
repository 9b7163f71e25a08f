import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../src/db/schema';
import {
  PIX_CHARGE_WAIT_MS,
  PIX_CHARGES_PER_PROFESSIONAL,
  PIX_CHARGES_SCOPE,
} from '../../src/features/booking/precharge';
import { createRateLimitStore } from '../../src/features/rate-limits/service';
import { createRateLimiter, rateLimitKey } from '../../src/plugins/rate-limit';
import { createTestApp, type TestContext } from '../helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  MONDAY,
  postBooking,
  type BookableProfessional,
} from '../helpers/booking';
import {
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
  startMercadoPagoStandIn,
} from '../helpers/mercado-pago-stand-in';

/**
 * Issue 44, finding 5: a refused booking made a real Pix charge at the professional's PSP (the
 * charge was asked before any check of the time), a slow PSP held the booking for 20 s, and
 * nothing bounded the charges a script could have made with the professional's token
 * (docs/decisions/027-booking-hold-caps.md). Counted at the Mercado Pago stand-in.
 */
let ctx: TestContext;
let standIn: MercadoPagoStandIn;
let shop: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
  ctx = await createTestApp({
    now: SATURDAY_0900,
    env: { MERCADO_PAGO_API_BASE: standIn.url, PUBLIC_URL: 'https://agendaki.test' },
  });
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Cobrado' });
  const saved = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/payments',
    payload: {
      pixKeyType: 'cpf',
      pixKey: '529.982.247-25',
      beneficiaryName: 'Salão Cobrado',
      beneficiaryCity: 'São Paulo',
      depositMode: 'percent',
      depositFixedCents: 0,
      depositPercent: 50,
      windowMinutes: 30,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const psp = await shop.pro.request({
    method: 'PUT',
    url: '/api/settings/payments/psp',
    payload: { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET },
  });
  expect(psp.statusCode, psp.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const charges = () =>
  standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments').length;

const txidOf = async (bookingId: string) =>
  (
    await ctx.database.db
      .select({ txid: deposits.txid })
      .from(deposits)
      .where(and(eq(deposits.professionalId, shop.profileId), eq(deposits.bookingId, bookingId)))
  )[0]!.txid;

function attempt(overrides: Record<string, unknown>) {
  return postBooking(
    ctx,
    bookingBody(shop, {
      clientEmail: `c-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      ...overrides,
    }),
  );
}

describe('the Pix charge of a booking', () => {
  it('is made for a booking that goes through, with its dynamic code', async () => {
    const before = charges();
    const res = await attempt({ date: MONDAY, time: '09:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(charges()).toBe(before + 1);
    expect(await txidOf(res.json().bookingId)).toMatch(/^AGP/);
  });

  it('is never asked for a refused booking: taken, past, closed or beyond the horizon', async () => {
    const before = charges();
    const refused = [
      { date: MONDAY, time: '09:00' }, // taken just above
      { date: '2026-11-20', time: '10:00' }, // yesterday
      { date: MONDAY, time: '12:00' }, // the lunch break
      { date: '2026-11-22', time: '10:00' }, // Sunday, closed
      { date: '2027-11-22', time: '10:00' }, // a year ahead, beyond the 60-day horizon
    ];
    for (const slot of refused) {
      const res = await attempt(slot);
      expect(res.statusCode, `${slot.date} ${slot.time}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(charges()).toBe(before);
  });

  it('is waited for a bounded time: a slow PSP leaves the booking on the static code', async () => {
    standIn.delayMs = PIX_CHARGE_WAIT_MS + 4_000;
    const started = Date.now();
    const res = await attempt({ date: MONDAY, time: '10:00' });
    const waited = Date.now() - started;
    standIn.delayMs = 0;
    expect(res.statusCode, res.body).toBe(201);
    expect(waited).toBeLessThan(PIX_CHARGE_WAIT_MS + 2_000);
    expect(res.json().deposit.status).toBe('pending');
    expect(await txidOf(res.json().bookingId)).toMatch(/^AGK/);
  });

  it('stops at the hourly cap per professional: then the static code, no call', async () => {
    const limiter = createRateLimiter(createRateLimitStore({ db: ctx.database.db }), ctx.clock);
    // The hour's allowance used up, as a script would have.
    await limiter.consume(
      rateLimitKey(PIX_CHARGES_SCOPE, shop.profileId),
      { ...PIX_CHARGES_PER_PROFESSIONAL, max: 10_000 },
      PIX_CHARGES_PER_PROFESSIONAL.max,
    );
    const before = charges();
    const res = await attempt({ date: MONDAY, time: '11:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(charges()).toBe(before);
    expect(await txidOf(res.json().bookingId)).toMatch(/^AGK/);
  });
});
