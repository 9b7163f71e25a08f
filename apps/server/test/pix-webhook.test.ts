import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_QUEUE } from '../src/db/queues';
import { deposits, pixWebhookEvents } from '../src/db/schema';
import { INVALID_SIGNATURE_MESSAGE } from '../src/features/pix-provider/mercado-pago';
import { createTestApp, type TestContext } from './helpers/app';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { makeJobsDue } from './helpers/jobs';
import {
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
  startMercadoPagoStandIn,
  type WebhookDelivery,
} from './helpers/mercado-pago-stand-in';

/**
 * Automatic confirmation of a Pix sinal through Mercado Pago (docs/decisions/018-pix-provider.md)
 * on the real database, against the local stand-in: the booking's dynamic charge, the signed
 * webhook confirming it once, replays, forgeries and out-of-order states changing nothing, a
 * payment after the deadline not reviving the booking, and the static code without credentials.
 */
let ctx: TestContext;
let standIn: MercadoPagoStandIn;
let shop: BookableProfessional;
let plain: BookableProfessional;
const SATURDAY_0900 = '2026-11-21T12:00:00.000Z';

const SETTINGS = {
  pixKeyType: 'cpf',
  pixKey: '529.982.247-25',
  beneficiaryName: 'Salão da Conceição',
  beneficiaryCity: 'São Paulo',
  depositMode: 'percent',
  depositFixedCents: 0,
  depositPercent: 50,
  windowMinutes: 30,
};

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
  ctx = await createTestApp({
    now: SATURDAY_0900,
    env: { MERCADO_PAGO_API_BASE: standIn.url, PUBLIC_URL: 'https://agendaki.test' },
  });
  shop = await createBookableProfessional(ctx, { businessName: 'Salão Automático' });
  plain = await createBookableProfessional(ctx, { businessName: 'Salão Manual' });
  for (const pro of [shop, plain]) {
    const saved = await pro.pro.request({
      method: 'PUT',
      url: '/api/settings/payments',
      payload: SETTINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
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

async function book(who: BookableProfessional, time: string) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(ctx, bookingBody(who, { clientEmail: email, date: MONDAY, time }));
  expect(res.statusCode, res.body).toBe(201);
  return { body: res.json(), email };
}

const depositOf = async (who: BookableProfessional, bookingId: string) =>
  (
    await ctx.database.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.professionalId, who.profileId), eq(deposits.bookingId, bookingId)))
  )[0]!;

const statusesOf = async (who: BookableProfessional, bookingId: string) =>
  (await appointmentsOf(ctx, who.profileId))
    .filter((a) => a.bookingId === bookingId)
    .map((a) => a.status);

/** The stand-in's payment of a booking's sinal, by the txid the deposit stored. */
async function chargeOf(bookingId: string) {
  const { txid } = await depositOf(shop, bookingId);
  const payment = [...standIn.payments.values()].find((p) => p.external_reference === txid);
  expect(payment, `no charge for ${txid}`).toBeDefined();
  return payment!;
}

/** A payment made at the PSP outside Agendaki (another txid). */
async function postPayment(): Promise<string> {
  const res = await fetch(`${standIn.url}/v1/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${MP_ACCESS_TOKEN}`,
      'content-type': 'application/json',
      'x-idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      transaction_amount: 25,
      payment_method_id: 'pix',
      external_reference: 'OUTRA-LOJA-1',
      date_of_expiration: '2026-11-21T10:00:00.000-03:00',
      payer: { email: 'outro@example.com' },
    }),
  });
  return String(((await res.json()) as { id: number }).id);
}

function deliver(delivery: WebhookDelivery, professionalId = shop.profileId, body = delivery.body) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/webhooks/pix/mercadopago/${professionalId}${delivery.search}`,
    headers: delivery.headers,
    payload: body,
  });
}

describe('a sinal with Mercado Pago', () => {
  it('shows and e-mails the dynamic charge, made for the amount, txid and window', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book(shop, '09:00');
    expect(body.deposit).toMatchObject({ status: 'pending', amountCents: 2500 });
    const payment = await chargeOf(body.bookingId);
    expect(body.deposit.brCode).toBe(payment.point_of_interaction.transaction_data.qr_code);
    expect(payment).toMatchObject({
      transaction_amount: 25,
      payer: { email },
      notification_url: `https://agendaki.test/api/webhooks/pix/mercadopago/${shop.profileId}`,
    });
    expect(payment.external_reference).toMatch(/^AGP[0-9A-F]{22}$/);
    // The window is 30 minutes: the charge expires with it.
    expect(payment.date_of_expiration).toBe('2026-11-21T09:30:00.000-03:00');
    const [mail] = await outboxTo(ctx, email);
    expect(mail!.text).toContain(body.deposit.brCode);
  });

  it('a paid notification confirms it once; a replay and later deliveries change nothing', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body, email } = await book(shop, '10:00');
    const payment = await chargeOf(body.bookingId);

    // Still pending at the PSP: nothing moves.
    const early = await deliver(standIn.notification(String(payment.id)));
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().outcome).toBe('not-paid');
    expect(await statusesOf(shop, body.bookingId)).toEqual(['awaiting_deposit']);

    standIn.pay(String(payment.id), new Date('2026-11-21T12:05:00.000Z'));
    const delivery = standIn.notification(String(payment.id));
    const paid = await deliver(delivery);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true, outcome: 'confirmed' });
    expect(await statusesOf(shop, body.bookingId)).toEqual(['confirmed']);
    expect(await depositOf(shop, body.bookingId)).toMatchObject({
      status: 'received',
      source: 'psp',
    });

    expect((await deliver(delivery)).json().outcome).toBe('duplicate');
    // A late "created" delivery, out of order: the state is read back, still paid, no change.
    const late = await deliver(
      standIn.notification(String(payment.id), { action: 'payment.created' }),
    );
    expect(late.json().outcome).toBe('already-confirmed');
    const received = (await outboxTo(ctx, email)).filter((m) => m.subject.startsWith('Sinal'));
    expect(received).toHaveLength(1);
  });

  it('refuses forged deliveries with 400 and changes nothing', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body } = await book(shop, '11:00');
    const payment = await chargeOf(body.bookingId);
    standIn.pay(String(payment.id), new Date('2026-11-21T12:05:00.000Z'));
    const events = async () =>
      (
        await ctx.database.db
          .select()
          .from(pixWebhookEvents)
          .where(eq(pixWebhookEvents.chargeId, String(payment.id)))
      ).length;

    const forged = standIn.notification(String(payment.id), { secret: 'not-the-secret' });
    const genuine = standIn.notification(String(payment.id));
    for (const res of [
      await deliver(forged),
      await deliver({ ...genuine, headers: { 'content-type': 'application/json' } }),
      // Another professional's route: verified with (their lack of) a secret.
      await deliver(genuine, plain.profileId),
      await deliver(genuine, randomUUID()),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(INVALID_SIGNATURE_MESSAGE);
    }
    const notUuid = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/mercadopago/not-an-id${genuine.search}`,
      headers: genuine.headers,
      payload: genuine.body,
    });
    expect(notUuid.statusCode).toBe(400);
    expect(await statusesOf(shop, body.bookingId)).toEqual(['awaiting_deposit']);
    expect((await depositOf(shop, body.bookingId)).status).toBe('pending');
    expect(await events()).toBe(0);
  });

  it('a payment after the deadline does not revive the cancelled booking', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body } = await book(shop, '13:00');
    const payment = await chargeOf(body.bookingId);
    ctx.clock.set('2026-11-21T12:31:00.000Z');
    await makeJobsDue(ctx.database.db, DEPOSIT_QUEUE);
    await ctx.app.jobs.runDue(DEPOSIT_QUEUE);
    expect(await statusesOf(shop, body.bookingId)).toEqual(['cancelled']);

    standIn.pay(String(payment.id), new Date('2026-11-21T12:32:00.000Z'));
    const res = await deliver(standIn.notification(String(payment.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('late');
    expect(await statusesOf(shop, body.bookingId)).toEqual(['cancelled']);
    expect((await depositOf(shop, body.bookingId)).status).toBe('expired');
  });

  it('a payment the PSP does not know, or of another txid, confirms nothing', async () => {
    const unknown = await deliver(standIn.notification('999999999'));
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json().outcome).toBe('unknown-charge');

    // A payment of the professional's account not made by Agendaki (no deposit has its txid).
    const created = await postPayment();
    standIn.pay(created, new Date('2026-11-21T12:05:00.000Z'));
    const foreign = await deliver(standIn.notification(created));
    expect(foreign.json().outcome).toBe('unknown-charge');
  });

  it('the PSP unreachable while reading the payment: 503, and the retry is applied', async () => {
    ctx.clock.set(SATURDAY_0900);
    const { body } = await book(shop, '15:00');
    const payment = await chargeOf(body.bookingId);
    standIn.pay(String(payment.id), new Date('2026-11-21T12:05:00.000Z'));
    const delivery = standIn.notification(String(payment.id));
    standIn.failNext = 2;
    const failed = await deliver(delivery);
    expect(failed.statusCode).toBe(503);
    expect(await statusesOf(shop, body.bookingId)).toEqual(['awaiting_deposit']);
    // Mercado Pago retries the same delivery: not taken for a replay.
    const retried = await deliver(delivery);
    expect(retried.json().outcome).toBe('confirmed');
    expect(await statusesOf(shop, body.bookingId)).toEqual(['confirmed']);
  });
});

describe('without a dynamic charge', () => {
  it('a professional without credentials gets the static code and "Sinal recebido"', async () => {
    ctx.clock.set(SATURDAY_0900);
    const before = standIn.requests.length;
    const { body } = await book(plain, '09:00');
    expect(standIn.requests.length).toBe(before);
    expect((await depositOf(plain, body.bookingId)).txid).toMatch(/^AGK/);
    const confirm = await plain.pro.request({
      method: 'POST',
      url: `/api/deposits/${body.bookingId}/confirm`,
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('the PSP failing at booking time falls back to the static code; the booking succeeds', async () => {
    ctx.clock.set(SATURDAY_0900);
    standIn.failNext = 2;
    const { body } = await book(shop, '14:00');
    standIn.failNext = 0;
    expect(body.deposit.status).toBe('pending');
    expect((await depositOf(shop, body.bookingId)).txid).toMatch(/^AGK/);
  });
});
