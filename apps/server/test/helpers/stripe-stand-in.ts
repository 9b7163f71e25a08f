import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  /** The form fields Stripe's SDK sent, e.g. `line_items[0][price]`. */
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface StripeStandIn {
  /** For STRIPE_API_BASE. */
  url: string;
  requests: StandInRequest[];
  /** What GET /v1/prices/:id answers. */
  price: { unit_amount: number; currency: string; interval: string };
  /** Subscription ids DELETE answers 404 `resource_missing` for (already gone at Stripe). */
  missingSubscriptions: Set<string>;
  /** Subscription ids DELETE refuses (400): the provider cannot end them now. */
  failingSubscriptions: Set<string>;
  close(): Promise<void>;
}

let counter = 0;

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for the few Stripe API calls the app makes, on 127.0.0.1: tests never reach
 * the internet. It answers like Stripe (checkout and portal sessions, a price) and records every
 * request for assertions.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const standIn: Omit<StripeStandIn, 'url' | 'close'> = {
    requests,
    price: { unit_amount: 1500, currency: 'brl', interval: 'month' },
    missingSubscriptions: new Set<string>(),
    failingSubscriptions: new Set<string>(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(
        req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'),
      );
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
      });
      const id = `${++counter}`.padStart(6, '0');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return json(res, 200, {
          id: `cs_test_${id}`,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.com/c/pay/cs_test_${id}`,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return json(res, 200, {
          id: `bps_${id}`,
          object: 'billing_portal.session',
          url: `https://billing.stripe.com/p/session/test_${id}`,
        });
      }
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && subscription) {
        if (standIn.failingSubscriptions.has(subscription[1]!)) {
          return json(res, 400, {
            error: { type: 'invalid_request_error', message: 'Subscription is locked' },
          });
        }
        if (standIn.missingSubscriptions.has(subscription[1]!)) {
          return json(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${subscription[1]}'`,
            },
          });
        }
        return json(res, 200, {
          id: subscription[1],
          object: 'subscription',
          status: 'canceled',
        });
      }
      const price = /^\/v1\/prices\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && price) {
        return json(res, 200, {
          id: price[1],
          object: 'price',
          currency: standIn.price.currency,
          unit_amount: standIn.price.unit_amount,
          recurring: { interval: standIn.price.interval, interval_count: 1 },
        });
      }
      return json(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
