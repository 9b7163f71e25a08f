import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../src/lib/clock';
import { AppError } from '../src/lib/errors';
import {
  CHARGE_REFUSED_MESSAGE,
  CREDENTIALS_REFUSED_MESSAGE,
  createMercadoPagoPix,
  INVALID_NOTIFICATION_MESSAGE,
  INVALID_SIGNATURE_MESSAGE,
  isCredentialsRefused,
  mercadoPagoDate,
  PROVIDER_UNAVAILABLE_MESSAGE,
} from '../src/features/pix-provider/mercado-pago';
import type { VerifyWebhookInput } from '../src/features/pix-provider/provider';
import {
  crc16,
  type MercadoPagoStandIn,
  MP_ACCESS_TOKEN,
  MP_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type WebhookDelivery,
} from './helpers/mercado-pago-stand-in';

/**
 * The Mercado Pago Pix adapter (docs/decisions/018-pix-provider.md) against the local stand-in:
 * dynamic charges with amount, expiry and txid; webhook signatures verified like the provider
 * makes them, forged ones refused with 400 before any call; replays recognised by their id.
 */

const NOW = new Date('2026-11-24T13:00:00.000Z');
const credentials = { accessToken: MP_ACCESS_TOKEN };
let standIn: MercadoPagoStandIn;
const clock = createFixedClock(NOW);

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.failNext = 0;
  standIn.delayMs = 0;
  clock.set(NOW);
});

const pix = () => createMercadoPagoPix({ apiBase: standIn.url, clock, timeoutMs: 1_000 });

let txidCounter = 0;
const newTxid = () => `AGK${Date.now().toString(36)}${(txidCounter += 1)}`.toUpperCase();

function charge(overrides: Partial<Parameters<ReturnType<typeof pix>['createCharge']>[0]> = {}) {
  return pix().createCharge({
    credentials,
    txid: newTxid(),
    amountCents: 3050,
    expiresAt: new Date(NOW.getTime() + 45 * 60_000),
    description: 'Sinal: Corte de cabelo em 25/11 às 14:00',
    payerEmail: 'cliente@example.com',
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

function asInput(delivery: WebhookDelivery, overrides: Partial<VerifyWebhookInput> = {}) {
  return {
    rawBody: Buffer.from(delivery.body),
    headers: delivery.headers,
    query: delivery.query,
    webhookSecret: MP_WEBHOOK_SECRET,
    ...overrides,
  };
}

describe('Mercado Pago Pix charges', () => {
  it('creates a dynamic Pix charge with the amount, the expiry and the txid', async () => {
    const txid = newTxid();
    const expiresAt = new Date(NOW.getTime() + 45 * 60_000);
    const created = await charge({ txid, expiresAt, notificationUrl: 'https://agendaki.test/x' });

    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payments');
    expect(request.authorization).toBe(`Bearer ${MP_ACCESS_TOKEN}`);
    expect(request.idempotencyKey).toBe(`agendaki-pix-${txid}`);
    expect(request.body).toMatchObject({
      transaction_amount: 30.5,
      payment_method_id: 'pix',
      external_reference: txid,
      date_of_expiration: '2026-11-24T10:45:00.000-03:00',
      payer: { email: 'cliente@example.com' },
      notification_url: 'https://agendaki.test/x',
    });

    expect(created.chargeId).toMatch(/^\d+$/);
    expect(created.expiresAt.getTime()).toBe(expiresAt.getTime());
    // A BR Code: EMV payload ending in its CRC16, with the amount.
    expect(created.brCode).toMatch(/^000201/);
    expect(created.brCode).toContain('540530.50');
    const body = created.brCode.slice(0, -4);
    expect(created.brCode.slice(-4)).toBe(crc16(body));

    const state = await pix().getCharge({ credentials, chargeId: created.chargeId });
    expect(state).toEqual({
      chargeId: created.chargeId,
      txid,
      status: 'pending',
      paidAt: null,
      amountCents: 3050,
    });
  });

  it('asks for at least 30 minutes, the PSP minimum, when the window is shorter', async () => {
    const created = await charge({ expiresAt: new Date(NOW.getTime() + 10 * 60_000) });
    expect((standIn.requests.at(-1)!.body as Record<string, unknown>).date_of_expiration).toBe(
      '2026-11-24T10:30:00.000-03:00',
    );
    expect(created.expiresAt.toISOString()).toBe('2026-11-24T13:30:00.000Z');
  });

  it('a retried creation (same txid) gives the same charge, never a second one', async () => {
    const txid = newTxid();
    const first = await charge({ txid });
    standIn.failNext = 1; // the first attempt fails at the PSP: the adapter retries once
    const before = standIn.payments.size;
    const second = await charge({ txid });
    expect(second.chargeId).toBe(first.chargeId);
    expect(standIn.payments.size).toBe(before);
  });

  it('reports a paid charge with its time and amount, and an expired one as cancelled', async () => {
    const paid = await charge();
    standIn.pay(paid.chargeId, new Date('2026-11-24T13:05:00.000Z'));
    expect(await pix().getCharge({ credentials, chargeId: paid.chargeId })).toMatchObject({
      status: 'paid',
      paidAt: new Date('2026-11-24T13:05:00.000Z'),
      amountCents: 3050,
    });
    const expired = await charge();
    standIn.expire(expired.chargeId);
    expect(await pix().getCharge({ credentials, chargeId: expired.chargeId })).toMatchObject({
      status: 'cancelled',
      paidAt: null,
    });
  });

  it('says in pt-BR when the PSP refuses the credentials (400, no retry)', async () => {
    const count = standIn.requests.length;
    const error = await rejection(charge({ credentials: { accessToken: 'APP_USR-wrong' } }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(CREDENTIALS_REFUSED_MESSAGE);
    expect(isCredentialsRefused(error)).toBe(true);
    expect(standIn.requests.length).toBe(count + 1);

    const check = await rejection(pix().checkCredentials({ accessToken: 'APP_USR-wrong' }));
    expect(check.message).toBe(CREDENTIALS_REFUSED_MESSAGE);
    await expect(pix().checkCredentials(credentials)).resolves.toBeUndefined();
  });

  it('answers 503 in pt-BR when the PSP fails, refuses the charge or does not answer in time', async () => {
    standIn.failNext = 2;
    const failing = await rejection(charge());
    expect(failing.statusCode).toBe(503);
    expect(failing.message).toBe(PROVIDER_UNAVAILABLE_MESSAGE);
    expect(isCredentialsRefused(failing)).toBe(false);

    const refused = await rejection(charge({ payerEmail: undefined as unknown as string }));
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toBe(CHARGE_REFUSED_MESSAGE);

    standIn.delayMs = 1_500;
    const started = Date.now();
    const slow = await rejection(charge());
    expect(slow.message).toBe(PROVIDER_UNAVAILABLE_MESSAGE);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('formats dates in Brasília time', () => {
    expect(mercadoPagoDate(new Date('2026-01-01T02:15:30.250Z'))).toBe(
      '2025-12-31T23:15:30.250-03:00',
    );
  });
});

describe('Mercado Pago Pix webhooks', () => {
  it('verifies a delivery signed like Mercado Pago and reads the payment back', async () => {
    const created = await charge();
    standIn.pay(created.chargeId, new Date('2026-11-24T13:06:00.000Z'));
    const delivery = standIn.notification(created.chargeId, { signedAt: NOW });

    const event = pix().verifyWebhook(asInput(delivery));
    expect(event).toEqual({
      eventId: delivery.headers['x-request-id'],
      chargeId: created.chargeId,
      signedAt: NOW,
    });
    const read = await pix().readWebhook({ ...asInput(delivery), credentials });
    expect(read?.charge).toMatchObject({
      chargeId: created.chargeId,
      status: 'paid',
      amountCents: 3050,
      paidAt: new Date('2026-11-24T13:06:00.000Z'),
    });
  });

  it('refuses with 400 a forged, altered or unsigned delivery, before calling the PSP', async () => {
    const created = await charge();
    const delivery = standIn.notification(created.chargeId);
    const count = standIn.requests.length;
    const forgeries: VerifyWebhookInput[] = [
      // Signed with another secret.
      asInput(standIn.notification(created.chargeId, { secret: 'not-the-secret' })),
      // Verified with another professional's secret.
      asInput(delivery, { webhookSecret: 'another-professionals-secret' }),
      // The signed id swapped for another payment.
      asInput(delivery, { query: { ...delivery.query, 'data.id': '1' } }),
      // Another request id than the signed one.
      asInput(delivery, { headers: { ...delivery.headers, 'x-request-id': 'replayed-elsewhere' } }),
      // No signature, an empty one, a malformed one.
      asInput(delivery, { headers: { ...delivery.headers, 'x-signature': '' } }),
      asInput(delivery, { headers: { 'content-type': 'application/json' } }),
      asInput(delivery, { headers: { ...delivery.headers, 'x-signature': 'v1=abc' } }),
      // No secret configured.
      asInput(delivery, { webhookSecret: '' }),
    ];
    for (const forged of forgeries) {
      const error = await rejection(pix().readWebhook({ ...forged, credentials }));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(INVALID_SIGNATURE_MESSAGE);
    }
    // The unsigned body may not name another payment than the signed URL.
    const swapped = await rejection(() =>
      pix().verifyWebhook(
        asInput(delivery, {
          rawBody: Buffer.from(delivery.body.replace(created.chargeId, '999')),
        }),
      ),
    );
    expect(swapped.statusCode).toBe(400);
    expect(swapped.message).toBe(INVALID_NOTIFICATION_MESSAGE);
    expect(standIn.requests.length).toBe(count);
  });

  it('gives a replayed delivery the same event id, and each new delivery its own', async () => {
    const created = await charge();
    const delivery = standIn.notification(created.chargeId);
    const first = pix().verifyWebhook(asInput(delivery));
    const replay = pix().verifyWebhook(asInput(delivery));
    const next = pix().verifyWebhook(asInput(standIn.notification(created.chargeId)));
    expect(replay?.eventId).toBe(first?.eventId);
    expect(next?.eventId).not.toBe(first?.eventId);
    expect(next?.chargeId).toBe(first?.chargeId);
  });

  it('ignores a signed notification about something other than a payment', () => {
    const delivery = standIn.notification('123');
    const other = {
      ...delivery,
      query: { ...delivery.query, type: 'merchant_order' },
      body: delivery.body.replace('"type":"payment"', '"type":"merchant_order"'),
    };
    expect(pix().verifyWebhook(asInput(other))).toBeNull();
  });
});
