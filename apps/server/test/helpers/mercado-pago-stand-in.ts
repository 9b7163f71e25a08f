import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Mercado Pago calls of the Pix adapter, on 127.0.0.1 (tests never reach
 * the internet), answering like the REST API (POST/GET /v1/payments, GET /users/me) and building
 * webhook deliveries signed exactly like Mercado Pago's: `x-signature: ts=<s>,v1=<hex>` =
 * HMAC-SHA256(secret, `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`), `data.id` and `type` in
 * the URL, an unsigned JSON body. The signature is computed here, not with the SDK the app
 * verifies with, so a mistake on either side shows.
 */

export const MP_ACCESS_TOKEN = 'APP_USR-7654321098765432-112406-stand-in-token-abcdef-123456789';
export const MP_WEBHOOK_SECRET = 'mp-stand-in-webhook-secret-0123456789abcdef';

export interface StandInPayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  external_reference: string | null;
  date_created: string;
  date_of_expiration: string | null;
  date_approved: string | null;
  payer: { email: string };
  notification_url: string | null;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export interface StandInRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface WebhookDelivery {
  /** Path and query, e.g. `?data.id=123&type=payment`. */
  query: Record<string, string>;
  search: string;
  headers: Record<string, string>;
  body: string;
}

export interface MercadoPagoStandIn {
  /** For the adapter's `apiBase`. */
  url: string;
  requests: StandInRequest[];
  payments: Map<string, StandInPayment>;
  /** Access tokens the stand-in accepts (others: 401 like Mercado Pago). */
  tokens: Set<string>;
  /** The next N calls answer 500. */
  failNext: number;
  /** Milliseconds every answer waits (timeouts). */
  delayMs: number;
  /** Marks a payment paid (the client paid the Pix) at `at`. */
  pay(id: string, at: Date): StandInPayment;
  /** Marks a payment expired (Mercado Pago: cancelled / expired). */
  expire(id: string): StandInPayment;
  /** A notification about payment `id`, signed like Mercado Pago signs it. */
  notification(
    id: string,
    options?: { secret?: string; requestId?: string; signedAt?: Date; action?: string },
  ): WebhookDelivery;
  close(): Promise<void>;
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code standard asks. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A dynamic BR Code like Mercado Pago's: a payload URL at the PSP, the amount, the CRC. */
function brCode(paymentId: number, amount: number, txid: string): string {
  const account = emv('00', 'br.gov.bcb.pix') + emv('25', `pix.stand-in.test/qr/v2/${paymentId}`);
  const payload =
    emv('00', '01') +
    emv('01', '12') +
    emv('26', account) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', amount.toFixed(2)) +
    emv('58', 'BR') +
    emv('59', 'PROFISSIONAL TESTE') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', txid.slice(0, 25))) +
    '6304';
  return payload + crc16(payload);
}

/** HMAC-SHA256 of Mercado Pago's manifest, hex. */
export function mercadoPagoSignature(
  secret: string,
  dataId: string,
  requestId: string,
  ts: number,
): string {
  return createHmac('sha256', secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': randomUUID() });
  res.end(JSON.stringify(body));
}

export async function startMercadoPagoStandIn(): Promise<MercadoPagoStandIn> {
  const requests: StandInRequest[] = [];
  const payments = new Map<string, StandInPayment>();
  const byIdempotencyKey = new Map<string, { fingerprint: string; id: string }>();
  let nextId = 1_320_000_000;

  const standIn = {
    requests,
    payments,
    tokens: new Set([MP_ACCESS_TOKEN]),
    failNext: 0,
    delayMs: 0,
  } as MercadoPagoStandIn;

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return json(res, 400, { message: 'invalid json', error: 'bad_request', status: 400 });
    }
    const idempotencyKey = req.headers['x-idempotency-key'] as string | undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      authorization: req.headers.authorization,
      idempotencyKey,
    });
    if (standIn.failNext > 0) {
      standIn.failNext -= 1;
      return json(res, 500, { message: 'internal_error', error: 'internal_error', status: 500 });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !standIn.tokens.has(token)) {
      return json(res, 401, {
        message: 'invalid access token',
        error: 'unauthorized',
        status: 401,
        cause: [{ code: 'unauthorized', description: 'invalid access token' }],
      });
    }
    if (req.method === 'GET' && url.pathname === '/users/me') {
      return json(res, 200, { id: 123456789, nickname: 'PROFISSIONAL', site_id: 'MLB' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      const input = body as Record<string, unknown>;
      if (!idempotencyKey) {
        return json(res, 400, { message: 'X-Idempotency-Key is required', status: 400 });
      }
      const fingerprint = raw;
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return json(res, 409, { message: 'idempotency key already used', status: 409 });
        }
        return json(res, 201, payments.get(earlier.id));
      }
      const amount = input.transaction_amount;
      const email = (input.payer as { email?: unknown } | undefined)?.email;
      if (
        input.payment_method_id !== 'pix' ||
        typeof amount !== 'number' ||
        amount <= 0 ||
        typeof email !== 'string' ||
        typeof input.date_of_expiration !== 'string' ||
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/.test(input.date_of_expiration)
      ) {
        return json(res, 400, { message: 'Params Error', error: 'bad_request', status: 400 });
      }
      const id = nextId++;
      const txid = typeof input.external_reference === 'string' ? input.external_reference : '';
      const payment: StandInPayment = {
        id,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        transaction_amount: amount,
        description: String(input.description ?? ''),
        payment_method_id: 'pix',
        external_reference: txid || null,
        date_created: new Date().toISOString(),
        date_of_expiration: input.date_of_expiration,
        date_approved: null,
        payer: { email },
        notification_url:
          typeof input.notification_url === 'string' ? input.notification_url : null,
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: brCode(id, amount, txid || `MP${id}`),
            qr_code_base64:
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
            ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
          },
        },
      };
      payments.set(String(id), payment);
      byIdempotencyKey.set(idempotencyKey, { fingerprint, id: String(id) });
      return json(res, 201, payment);
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const payment = payments.get(one[1]!);
      if (!payment) {
        return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      }
      return json(res, 200, payment);
    }
    return json(res, 404, { message: 'resource not found', error: 'not_found', status: 404 });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (standIn.delayMs > 0) setTimeout(() => handle(req, raw, res), standIn.delayMs);
      else handle(req, raw, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function payment(id: string): StandInPayment {
    const found = payments.get(id);
    if (!found) throw new Error(`stand-in: no payment ${id}`);
    return found;
  }

  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    pay(id: string, at: Date) {
      const found = payment(id);
      found.status = 'approved';
      found.status_detail = 'accredited';
      found.date_approved = at.toISOString();
      return found;
    },
    expire(id: string) {
      const found = payment(id);
      found.status = 'cancelled';
      found.status_detail = 'expired';
      return found;
    },
    notification(
      id: string,
      options: { secret?: string; requestId?: string; signedAt?: Date; action?: string } = {},
    ): WebhookDelivery {
      const requestId = options.requestId ?? randomUUID();
      const ts = Math.floor((options.signedAt ?? new Date()).getTime() / 1000);
      const signature = mercadoPagoSignature(
        options.secret ?? MP_WEBHOOK_SECRET,
        id,
        requestId,
        ts,
      );
      const query = { 'data.id': id, type: 'payment' };
      return {
        query,
        search: `?${new URLSearchParams(query).toString()}`,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${signature}`,
          'x-request-id': requestId,
          'user-agent': 'MercadoPago WebHook v1.0 payment',
        },
        body: JSON.stringify({
          action: options.action ?? 'payment.updated',
          api_version: 'v1',
          data: { id },
          date_created: new Date(ts * 1000).toISOString(),
          id: Math.floor(Math.random() * 1e11),
          live_mode: false,
          type: 'payment',
          user_id: '123456789',
        }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
