import type { FastifyBaseLogger } from 'fastify';
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  CHARGE_NOT_FOUND_MESSAGE,
  CHARGE_REFUSED_MESSAGE,
  CREDENTIALS_REFUSED_MESSAGE,
  header,
  INVALID_NOTIFICATION_MESSAGE,
  INVALID_SIGNATURE_MESSAGE,
  mapStatus,
  mercadoPagoDate,
  normaliseDataId,
  notificationSchema,
  paymentSchema,
  PROVIDER_UNAVAILABLE_MESSAGE,
  toCents,
} from './mercado-pago-wire';
import type {
  CreateChargeInput,
  PixCharge,
  PixChargeState,
  PixCredentials,
  PixProvider,
  PixWebhookEvent,
  VerifyWebhookInput,
} from './provider';

export {
  CHARGE_NOT_FOUND_MESSAGE,
  CHARGE_REFUSED_MESSAGE,
  CREDENTIALS_REFUSED_MESSAGE,
  INVALID_NOTIFICATION_MESSAGE,
  INVALID_SIGNATURE_MESSAGE,
  isChargeNotFound,
  isCredentialsRefused,
  mercadoPagoDate,
  PROVIDER_UNAVAILABLE_MESSAGE,
} from './mercado-pago-wire';

/**
 * Mercado Pago as the Pix PSP (docs/decisions/018-pix-provider.md), through its documented REST
 * API with fetch: the official SDK's base URL is a process-wide static and its retries wait up
 * to 30 s, so only its webhook signature validator is used (the provider's own code for its
 * HMAC manifest).
 *
 * - Charge: POST /v1/payments, `payment_method_id: "pix"`, the amount in reais, an
 *   `external_reference` = the app's txid, `date_of_expiration`, and `X-Idempotency-Key`
 *   derived from the txid (a retried call never makes a second charge).
 * - Webhook: `x-signature: ts=<seconds>,v1=<hex>` = HMAC-SHA256(secret,
 *   `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`), `data.id` from the URL. The body is not
 *   signed: the payment is read back with GET /v1/payments/:id.
 */

export const MERCADO_PAGO_API_BASE = 'https://api.mercadopago.com';
const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * Mercado Pago refuses a Pix expiry sooner than 30 minutes ahead (its payments reference). A
 * shorter payment window still ends at its own deadline in the app (the deadline job); the
 * charge just stays payable a little longer at the PSP, and a late payment does not revive an
 * expired deposit.
 */
export const MINIMUM_CHARGE_LIFETIME_MS = 30 * 60_000;

export interface MercadoPagoOptions {
  /** Another API address (tests: a stand-in on 127.0.0.1). */
  apiBase?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  log?: FastifyBaseLogger;
  clock?: Clock;
}

export function createMercadoPagoPix(options: MercadoPagoOptions = {}): PixProvider {
  const apiBase = (options.apiBase ?? MERCADO_PAGO_API_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? systemClock;

  /** One call; 401/403 → credentials refused (400), network, timeout or 5xx → 503. */
  async function call(
    what: string,
    credentials: PixCredentials,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; idempotencyKey?: string },
  ): Promise<unknown> {
    const attempts = init.idempotencyKey || init.method === 'GET' ? 2 : 1;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${apiBase}${path}`, {
          method: init.method,
          headers: {
            authorization: `Bearer ${credentials.accessToken}`,
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        lastError = error;
        continue;
      }
      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (response.ok) return body;
      if (response.status === 401 || response.status === 403) {
        throw new AppError('BAD_REQUEST', CREDENTIALS_REFUSED_MESSAGE, {
          pixProvider: 'credentials-refused',
        });
      }
      if (response.status === 404 && init.method === 'GET') {
        throw new AppError('NOT_FOUND', CHARGE_NOT_FOUND_MESSAGE, { pixProvider: 'not-found' });
      }
      if (response.status >= 500 || response.status === 429) {
        lastError = new Error(`${what}: HTTP ${response.status}`);
        continue;
      }
      options.log?.warn({ status: response.status, body }, `mercadopago: ${what} refused`);
      throw new AppError('UNAVAILABLE', CHARGE_REFUSED_MESSAGE, {
        pixProvider: 'refused',
        status: response.status,
      });
    }
    options.log?.error({ err: lastError }, `mercadopago: ${what} failed`);
    throw new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE, { pixProvider: 'unavailable' });
  }

  function parsePayment(what: string, body: unknown) {
    const parsed = paymentSchema.safeParse(body);
    if (!parsed.success) {
      options.log?.error(
        { issues: parsed.error.issues },
        `mercadopago: ${what}: unexpected answer`,
      );
      throw new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE, {
        pixProvider: 'unexpected',
      });
    }
    return parsed.data;
  }

  function toState(payment: z.infer<typeof paymentSchema>): PixChargeState {
    const status = mapStatus(payment.status);
    const approved = payment.date_approved ? new Date(payment.date_approved) : null;
    return {
      chargeId: String(payment.id),
      txid: payment.external_reference ?? null,
      status,
      paidAt: status === 'paid' && approved && !Number.isNaN(approved.getTime()) ? approved : null,
      amountCents: toCents(payment.transaction_amount),
    };
  }

  function verifyWebhook(input: VerifyWebhookInput): PixWebhookEvent | null {
    const forged = (reason: string) =>
      new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE, { pixWebhook: reason });
    const signature = header(input.headers, 'x-signature');
    const requestId = header(input.headers, 'x-request-id');
    if (!signature || !requestId) throw forged('missing');
    if (!input.webhookSecret) throw forged('no-secret');

    let notification: z.infer<typeof notificationSchema>;
    try {
      notification = notificationSchema.parse(JSON.parse(input.rawBody.toString('utf8')));
    } catch {
      notification = {};
    }
    const queryId = input.query['data.id'];
    const bodyId = notification.data?.id === undefined ? undefined : String(notification.data.id);
    const dataId = typeof queryId === 'string' && queryId ? queryId : bodyId;
    if (!dataId) throw forged('no-data-id');

    try {
      WebhookSignatureValidator.validate({
        xSignature: signature,
        xRequestId: requestId,
        dataId: normaliseDataId(dataId),
        secret: input.webhookSecret,
      });
    } catch (error) {
      if (error instanceof InvalidWebhookSignatureError) throw forged(error.reason);
      throw error;
    }
    // The body is not signed: it may only agree with the signed id, never replace it.
    if (bodyId !== undefined && normaliseDataId(bodyId) !== normaliseDataId(dataId)) {
      throw new AppError('BAD_REQUEST', INVALID_NOTIFICATION_MESSAGE, { pixWebhook: 'mismatch' });
    }
    const topic = notification.type ?? input.query.type ?? input.query.topic;
    if (topic !== 'payment') return null;
    if (!/^\d{1,20}$/.test(dataId)) {
      throw new AppError('BAD_REQUEST', INVALID_NOTIFICATION_MESSAGE, { pixWebhook: 'data-id' });
    }
    const ts = /(?:^|,)\s*ts=(\d{1,13})\s*(?:,|$)/.exec(signature)?.[1];
    return { eventId: requestId, chargeId: dataId, signedAt: new Date(Number(ts) * 1000) };
  }

  async function getCharge(input: {
    credentials: PixCredentials;
    chargeId: string;
  }): Promise<PixChargeState> {
    if (!/^\d{1,20}$/.test(input.chargeId)) {
      throw new AppError('BAD_REQUEST', INVALID_NOTIFICATION_MESSAGE, { pixProvider: 'charge-id' });
    }
    const body = await call('get payment', input.credentials, `/v1/payments/${input.chargeId}`, {
      method: 'GET',
    });
    return toState(parsePayment('get payment', body));
  }

  return {
    name: 'mercadopago',

    async createCharge(input: CreateChargeInput): Promise<PixCharge> {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new Error('createCharge: the amount must be a positive whole number of cents');
      }
      const earliest = clock.now().getTime() + MINIMUM_CHARGE_LIFETIME_MS;
      const expiresAt = new Date(Math.max(input.expiresAt.getTime(), earliest));
      const body = await call('create payment', input.credentials, '/v1/payments', {
        method: 'POST',
        idempotencyKey: `agendaki-pix-${input.txid}`,
        body: {
          transaction_amount: input.amountCents / 100,
          description: input.description.slice(0, 255),
          payment_method_id: 'pix',
          external_reference: input.txid,
          date_of_expiration: mercadoPagoDate(expiresAt),
          payer: { email: input.payerEmail },
          ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
        },
      });
      const payment = parsePayment('create payment', body);
      const brCode = payment.point_of_interaction?.transaction_data?.qr_code;
      if (
        !brCode ||
        payment.external_reference !== input.txid ||
        toCents(payment.transaction_amount) !== input.amountCents
      ) {
        options.log?.error(
          { paymentId: payment.id, txid: input.txid },
          'mercadopago: create payment: the answer does not match the request',
        );
        throw new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE, {
          pixProvider: 'unexpected',
        });
      }
      const answeredExpiry = payment.date_of_expiration
        ? new Date(payment.date_of_expiration)
        : expiresAt;
      return {
        chargeId: String(payment.id),
        brCode,
        expiresAt: Number.isNaN(answeredExpiry.getTime()) ? expiresAt : answeredExpiry,
      };
    },

    getCharge,
    verifyWebhook,

    async checkCredentials(credentials) {
      // The cheapest authenticated read: the account the token belongs to.
      await call('check credentials', credentials, '/users/me', { method: 'GET' });
    },

    async readWebhook(input) {
      const event = verifyWebhook(input);
      if (!event) return null;
      const charge = await getCharge({ credentials: input.credentials, chargeId: event.chargeId });
      return { event, charge };
    },
  };
}
