import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { createMoneyShop, type MoneyShop } from '../helpers/money';
import { date, junkValue, nearValid, wireBody } from './helpers/fuzz-arbitraries';

/**
 * Property: nothing a signed-in professional sends to the money routes (docs/decisions/
 * 038-money-received.md) yields a 5xx: closings, later payments, reopenings, recibos, packages,
 * sales, sessions used and given back, the client's balance and Caixa do dia, with values the
 * routes accept mixed with garbage.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let money: MoneyShop;
let appointmentId: string;
let closingId: string;
let packageId: string;
let clientPackageId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  money = await createMoneyShop(ctx);
  appointmentId = await money.newAppointment('10:00');
  closingId = (await money.close(appointmentId, money.closingBody({ payments: [] }))).json().id;
  const pkg = await money.shop.pro.request({
    method: 'POST',
    url: '/api/packages',
    payload: {
      name: 'Pacote',
      serviceIds: [money.shop.services[0]!.id],
      sessions: 3,
      priceCents: 100,
      validityDays: 10,
    },
  });
  packageId = pkg.json().id;
  const sold = await money.shop.pro.request({
    method: 'POST',
    url: `/api/clients/${money.clientId}/packages`,
    payload: { packageId, payments: [] },
  });
  clientPackageId = sold.json().id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const cents = fc.oneof(
  fc.integer({ min: -10, max: 10_000 }),
  fc.constantFrom(0, 999_999_999, 1_000_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER, 0.5, -0),
  fc.constantFrom('45,50', '45.50', 'R$ 1.234,56'),
);
const method = fc.constantFrom('pix', 'cash', 'debit', 'credit', 'deposit', 'package', 'cheque');
const uuidish = () =>
  fc.oneof(
    fc.constantFrom(appointmentId, closingId, packageId, clientPackageId, money.clientId),
    fc.uuid(),
    fc.string({ maxLength: 40 }),
  );

async function expectNo5xx(
  name: string,
  requests: fc.Arbitrary<{ method: string; url: string; payload?: string; headers?: object }>,
) {
  const property = fc.asyncProperty(requests, async (request) => {
    const res = await money.shop.pro.request(request as InjectOptions);
    if (res.statusCode >= 500) {
      throw new Error(
        `${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: false });
  } catch (error) {
    throw new Error(`${name}: a 5xx (replay with FUZZ_SEED=${SEED})\n${(error as Error).message}`, {
      cause: error,
    });
  }
}

function send(httpMethod: string, url: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>) {
  return fc.tuple(url, wireBody(body)).map(([path, wire]) => ({
    method: httpMethod,
    url: path,
    payload: wire.body,
    headers: wire.type ? { 'content-type': wire.type } : {},
  }));
}

const payment = nearValid({
  method,
  amountCents: cents,
  clientPackageId: fc.constant(null).chain(() => uuidish()),
});

describe('the money routes never answer 5xx', () => {
  it('closing an appointment', async () => {
    await expectNo5xx(
      'POST /api/appointments/:id/closing',
      send(
        'POST',
        uuidish().map((id) => `/api/appointments/${encodeURIComponent(id)}/closing`),
        nearValid({
          items: fc.array(
            nearValid({ serviceId: fc.constant(null).chain(() => uuidish()), priceCents: cents }),
            {
              maxLength: 3,
            },
          ),
          discountKind: fc.constantFrom('amount', 'percent', 'x'),
          discountValue: cents,
          tipCents: cents,
          payments: fc.array(payment, { maxLength: 3 }),
        }),
      ),
    );
  });

  it('later payments, reopening and the recibo', async () => {
    const closing = uuidish().map((id) => `/api/closings/${encodeURIComponent(id)}`);
    await expectNo5xx(
      'POST /api/closings/:id/*',
      fc.oneof(
        send(
          'POST',
          closing.map((u) => `${u}/payments`),
          nearValid({ method, amountCents: cents }),
        ),
        send(
          'POST',
          closing.map((u) => `${u}/reopen`),
          nearValid({ reason: junkValue }),
        ),
        send(
          'POST',
          closing.map((u) => `${u}/receipt/email`),
          junkValue,
        ),
      ),
    );
  });

  it('packages, sales and sessions', async () => {
    await expectNo5xx(
      'packages',
      fc.oneof(
        send(
          'POST',
          fc.constant('/api/packages'),
          nearValid({
            name: junkValue,
            serviceIds: fc.array(uuidish(), { maxLength: 3 }),
            sessions: cents,
            priceCents: cents,
            validityDays: cents,
          }),
        ),
        send(
          'PATCH',
          uuidish().map((id) => `/api/packages/${encodeURIComponent(id)}`),
          nearValid({ isActive: fc.boolean() }),
        ),
        send(
          'POST',
          uuidish().map((id) => `/api/clients/${encodeURIComponent(id)}/packages`),
          nearValid({ packageId: uuidish(), payments: fc.array(payment, { maxLength: 2 }) }),
        ),
        send(
          'POST',
          uuidish().map((id) => `/api/appointments/${encodeURIComponent(id)}/package-session`),
          nearValid({ clientPackageId: uuidish() }),
        ),
      ),
    );
  });

  it('reads by id and a session given back', async () => {
    const id = uuidish().map(encodeURIComponent);
    await expectNo5xx(
      'by id',
      fc.oneof(
        id.map((i) => ({ method: 'GET', url: `/api/appointments/${i}/closing` })),
        id.map((i) => ({ method: 'GET', url: `/api/closings/${i}/receipt` })),
        id.map((i) => ({ method: 'GET', url: `/api/clients/${i}/money` })),
        send(
          'DELETE',
          id.map((i) => `/api/appointments/${i}/package-session`),
          junkValue,
        ),
      ),
    );
  });

  it('Caixa do dia and the lists by ids', async () => {
    await expectNo5xx(
      'GET',
      fc.oneof(
        date.map((d) => ({ method: 'GET', url: `/api/cash?date=${encodeURIComponent(d)}` })),
        date.map((d) => ({ method: 'GET', url: `/api/cash.csv?date=${encodeURIComponent(d)}` })),
        fc.array(uuidish(), { maxLength: 4 }).map((ids) => ({
          method: 'GET',
          url: `/api/closings/summary?ids=${encodeURIComponent(ids.join(','))}`,
        })),
        fc.array(uuidish(), { maxLength: 4 }).map((ids) => ({
          method: 'GET',
          url: `/api/money/clients?ids=${encodeURIComponent(ids.join(','))}`,
        })),
      ),
    );
  });
});
