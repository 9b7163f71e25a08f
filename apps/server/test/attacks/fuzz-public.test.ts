import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_ENV } from '../helpers/stripe-events';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import {
  blankText,
  date,
  email,
  headerValue,
  junkString,
  junkValue,
  linkText,
  month,
  nearValid,
  password,
  post,
  query,
  RAW_SEGMENTS,
  seg,
  time,
  type FuzzRequest,
} from './helpers/fuzz-arbitraries';
import { solvePow } from '../helpers/booking';
import { PUBLIC_ROUTES } from './helpers/public-routes';
import { listRoutes, routeKey } from './helpers/route-table';
import { waitlistFuzzers } from './helpers/fuzz-waitlist';
import { createAttackWorld, type AttackWorld } from './helpers/world';

/**
 * Property: no input to a public endpoint yields a 5xx. fast-check generates bodies, params,
 * queries, headers and content types, mixing garbage with values the endpoint accepts, so the
 * requests reach the rules and the database, not only the validator. A failure prints the seed
 * and the shrunk request; `FUZZ_SEED=<seed> FUZZ_RUNS=<n>` replays it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
/** Fixed by default so a CI run is reproducible; `FUZZ_SEED=random` explores new inputs. */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2_147_483_647
    : Number(process.env.FUZZ_SEED ?? 20_261_121);

let world: AttackWorld;
let stripe: StripeStandIn;
/** Solved challenges (decision 028): the first booking to use each spends it. */
let solvedPows: string[];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  world = await createAttackWorld({
    env: { ...STRIPE_ENV, STRIPE_API_BASE: stripe.url },
  });
  solvedPows = [await solvePow(world.ctx), await solvePow(world.ctx), await solvePow(world.ctx)];
}, 60_000);
afterAll(async () => {
  await world?.close();
  await stripe?.close();
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `192.168.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function expectNo5xx(name: string, requests: fc.Arbitrary<FuzzRequest>) {
  const property = fc.asyncProperty(requests, async (request) => {
    const res = await world.ctx.app.inject({
      ...(request as InjectOptions),
      remoteAddress: nextIp(),
    });
    if (res.statusCode >= 500) {
      throw new Error(
        `${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: false });
  } catch (error) {
    throw new Error(
      `${name}: a 5xx (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})\n${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * The booking's `pow` field: a solved challenge, one with a field swapped for junk (the
 * signature, the counter, the parameters), base64 of any JSON, or junk.
 */
function powPayload(): fc.Arbitrary<unknown> {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64');
  const tampered = fc
    .tuple(
      fc.constantFrom(...solvedPows),
      fc.constantFrom(
        ['challenge', 'signature'],
        ['challenge', 'parameters'],
        ['challenge', 'parameters', 'cost'],
        ['challenge', 'parameters', 'data'],
        ['solution', 'counter'],
        ['solution', 'derivedKey'],
        ['solution'],
      ),
      junkValue,
    )
    .map(([pow, path, junk]) => {
      const value = JSON.parse(Buffer.from(pow, 'base64').toString('utf8'));
      let node = value;
      for (const key of path.slice(0, -1)) node = node[key];
      node[path.at(-1)!] = junk;
      return encode(value);
    });
  return fc.oneof(
    fc.constantFrom(...solvedPows),
    tampered,
    fc.jsonValue({ maxDepth: 3 }).map(encode),
    junkString,
  );
}

/** One generator per public route: a new public route without one fails the coverage test. */
function fuzzers(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const { owner } = world;
  const identifier = fc.oneof(
    fc.constantFrom(
      owner.customLink,
      owner.profileId,
      owner.customLink.toUpperCase(),
      owner.profileId.toUpperCase(),
    ),
    junkString,
  );
  // The owner's real token (its booking in the world is never cancelled by the fuzz: confirm
  // and a junk reschedule at most), a near miss, or junk.
  const realToken = world.records.manageToken;
  const manageToken = fc.oneof(
    fc.constantFrom(realToken, `${realToken.slice(0, 42)}_`, realToken.slice(1)),
    junkString.map((value) => seg(value) || 'x'),
  );
  const realStop = world.records.unsubscribePath.slice('/descadastro/'.length);
  const unsubscribeToken = fc.oneof(
    fc.constantFrom(realStop, `${realStop.slice(0, 85)}_`, realStop.slice(1)),
    fc.base64String({ minLength: 80, maxLength: 90 }).map(seg),
    junkString.map((v) => seg(v) || 'x'),
  );
  const serviceIds = fc.oneof(
    fc
      .subarray(
        owner.services.map((s) => s.id),
        { minLength: 1 },
      )
      .map((ids) => ids.join(',')),
    fc.array(fc.uuid(), { maxLength: 12 }).map((ids) => ids.join(',')),
    junkString,
  );
  const signed = (body: string) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(world.ctx.clock.now().getTime() / 1000),
    });
  const stripeEvent = fc.record({
    id: fc.oneof(
      fc.uuid().map((u) => `evt_${u}`),
      junkString,
    ),
    object: fc.constant('event'),
    type: fc.oneof(
      fc.constantFrom(
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.paid',
        'invoice.payment_failed',
      ),
      junkString,
    ),
    created: fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), junkValue),
    data: fc.oneof(
      fc.record({
        object: fc.record(
          {
            id: junkValue,
            object: fc.constantFrom('subscription', 'checkout.session', 'invoice'),
            customer: junkValue,
            subscription: junkValue,
            status: fc.oneof(
              fc.constantFrom('active', 'trialing', 'canceled', 'past_due'),
              junkString,
            ),
            client_reference_id: junkValue,
            metadata: fc.oneof(fc.record({ userId: junkValue }), junkValue),
            items: junkValue,
            lines: junkValue,
            parent: junkValue,
            cancel_at_period_end: junkValue,
          },
          { requiredKeys: [] },
        ),
      }),
      junkValue,
    ),
  });

  return {
    'GET /api/health': query({ verbose: junkString }).map((q) => ({
      method: 'GET',
      url: `/api/health?${q}`,
    })),
    'GET /api/config': query({ x: junkString }).map((q) => ({
      method: 'GET',
      url: `/api/config?${q}`,
    })),
    'POST /api/auth/sign-up': post(
      '/api/auth/sign-up',
      nearValid({
        email,
        password,
        confirmPassword: password,
        businessName: fc.oneof(
          fc.constantFrom('Studio Fuzz', 'ÁÉÍ çã', '---', 'api', 'book'),
          junkString,
        ),
        professionalName: fc.oneof(fc.constant('Fuzz Souza'), junkString),
      }),
    ),
    'POST /api/auth/sign-in': post(
      '/api/auth/sign-in',
      nearValid({ email: fc.oneof(fc.constant(owner.pro.email), email), password }),
    ),
    'POST /api/auth/sign-out': fc
      .oneof(junkString, fc.constant(owner.pro.cookie.replace(/=.*/, '=forjado')))
      .map((cookie) => ({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: headerValue(cookie) },
      })),
    'GET /api/auth/verify-email': query({ token: junkString }).map((q) => ({
      method: 'GET',
      url: `/api/auth/verify-email?${q}`,
    })),
    'POST /api/auth/resend-verification': post(
      '/api/auth/resend-verification',
      nearValid({ email }),
    ),
    'POST /api/auth/forgot-password': post('/api/auth/forgot-password', nearValid({ email })),
    'POST /api/auth/sign-in-link': post('/api/auth/sign-in-link', nearValid({ email })),
    'GET /api/auth/sign-in-link': query({ token: junkString }).map((q) => ({
      method: 'GET',
      url: `/api/auth/sign-in-link?${q}`,
    })),
    'POST /api/auth/reset-password': post(
      '/api/auth/reset-password',
      nearValid({ token: junkString, password, confirmPassword: password }),
    ),
    'POST /api/billing/webhook': fc
      .tuple(
        fc.oneof(
          stripeEvent.map((e) => JSON.stringify(e)),
          junkString,
        ),
        fc.oneof(fc.constant('valid'), junkString),
      )
      .map(([body, signature]) => ({
        method: 'POST',
        url: '/api/billing/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature === 'valid' ? signed(body) : headerValue(signature),
        },
      })),
    'POST /api/webhooks/pix/mercadopago/:professionalId': fc
      .tuple(
        fc.oneof(
          fc.constant(owner.profileId),
          fc.uuid(),
          junkString.map((v) => seg(v) || 'x'),
        ),
        query({ 'data.id': fc.oneof(fc.constant('1320000001'), junkString), type: junkString }),
        fc.oneof(
          fc.constant('{"type":"payment","action":"payment.updated","data":{"id":"1320000001"}}'),
          junkString,
        ),
        fc.oneof(fc.constant('ts=1763726400,v1=' + 'ab'.repeat(32)), junkString),
        junkString,
      )
      .map(([id, q, body, signature, requestId]) => ({
        method: 'POST',
        url: `/api/webhooks/pix/mercadopago/${id}?${q}`,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-signature': headerValue(signature),
          'x-request-id': headerValue(requestId),
        },
      })),
    // WhatsApp off in this world: always 401; signed bodies are fuzzed in whatsapp-fuzz.test.ts.
    'GET /api/webhooks/whatsapp': query({
      'hub.mode': fc.oneof(fc.constant('subscribe'), junkString),
      'hub.verify_token': junkString,
      'hub.challenge': junkString,
    }).map((q) => ({ method: 'GET', url: `/api/webhooks/whatsapp?${q}` })),
    'POST /api/webhooks/whatsapp': fc.tuple(junkString, junkString).map(([body, signature]) => ({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': headerValue(signature),
      },
    })),
    'GET /api/public/professionals/:identifier': identifier.map((id) => ({
      method: 'GET',
      url: `/api/public/professionals/${id}`,
    })),
    'GET /api/public/professionals/:identifier/slots': fc
      .tuple(identifier, query({ date, serviceIds }))
      .map(([id, q]) => ({
        method: 'GET',
        url: `/api/public/professionals/${id}/slots?${q}`,
      })),
    'GET /api/public/professionals/:identifier/days': fc
      .tuple(
        identifier,
        query({
          month,
          serviceIds,
        }),
      )
      .map(([id, q]) => ({
        method: 'GET',
        url: `/api/public/professionals/${id}/days?${q}`,
      })),
    'POST /api/public/bookings': post(
      '/api/public/bookings',
      nearValid({
        professionalId: fc.oneof(fc.constant(owner.profileId), fc.uuid(), junkString),
        serviceIds: fc.oneof(
          fc.subarray(
            owner.services.map((s) => s.id),
            { minLength: 1 },
          ),
          fc.array(fc.oneof(fc.uuid(), junkString), { maxLength: 12 }),
        ),
        date,
        time,
        clientName: fc.oneof(fc.constant('Maria Fuzz'), junkString, blankText, linkText),
        clientEmail: email,
        clientPhone: fc.oneof(fc.constant(null), junkString),
        notes: fc.oneof(fc.constant(null), junkString, blankText, linkText),
        idempotencyKey: fc.oneof(fc.uuid(), junkString),
        pow: powPayload(),
      }),
    ),
    'GET /api/public/booking-challenge': junkString.map((junk) => ({
      method: 'GET',
      url: `/api/public/booking-challenge?${seg(junk)}=1`,
    })),
    'POST /api/public/bookings/confirm-code': post(
      '/api/public/bookings/confirm-code',
      nearValid({
        professionalId: fc.oneof(fc.constant(owner.profileId), fc.uuid(), junkString),
        verificationId: fc.oneof(fc.uuid(), junkString),
        code: fc.oneof(
          fc.stringMatching(/^[0-9]{6}$/),
          fc.stringMatching(/^\s?[0-9]{5,7}\s?$/),
          junkString,
        ),
      }),
    ),
    'GET /uploads/:name': fc
      .oneof(
        fc.oneof(junkString, fc.constant(world.records.imageUrl.slice(9))).map(seg),
        fc.constantFrom(...RAW_SEGMENTS),
      )
      .map((name) => ({ method: 'GET', url: `/uploads/${name}` })),
    'GET /api/public/manage/:token': manageToken.map((token) => ({
      method: 'GET',
      url: `/api/public/manage/${token}`,
    })),
    'GET /api/public/manage/:token/slots': fc
      .tuple(manageToken, query({ date }))
      .map(([token, q]) => ({ method: 'GET', url: `/api/public/manage/${token}/slots?${q}` })),
    'GET /api/public/manage/:token/ics': manageToken.map((token) => ({
      method: 'GET',
      url: `/api/public/manage/${token}/ics`,
    })),
    'POST /api/public/manage/:token/confirm': manageToken.map((token) => ({
      method: 'POST',
      url: `/api/public/manage/${token}/confirm`,
    })),
    'POST /api/public/manage/:token/cancel': manageToken.map((token) => ({
      method: 'POST',
      url: `/api/public/manage/${token}/cancel`,
    })),
    'POST /api/public/manage/:token/reschedule': fc
      .tuple(
        manageToken,
        fc.oneof(
          fc.record({ date, time, idempotencyKey: fc.oneof(fc.uuid(), junkString) }),
          junkValue,
        ),
      )
      .map(([token, body]) => ({
        method: 'POST',
        url: `/api/public/manage/${token}/reschedule`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })),
    // A horário fixo's skip: the owner's series date, any uuid, nothing, or junk.
    'POST /api/public/manage/:token/skip': fc
      .tuple(
        manageToken,
        fc.oneof(
          fc.record({
            bookingId: fc.oneof(fc.constant(world.records.seriesBookingId), fc.uuid(), junkString),
          }),
          fc.constant({}),
          junkValue,
        ),
      )
      .map(([token, body]) => ({
        method: 'POST',
        url: `/api/public/manage/${token}/skip`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })),
    'GET /api/public/manage/:token/anamnesis': manageToken.map((token) => ({
      method: 'GET',
      url: `/api/public/manage/${token}/anamnesis`,
    })),
    'POST /api/public/manage/:token/anamnesis': fc
      .tuple(
        manageToken,
        fc.oneof(
          fc.record({
            formId: fc.oneof(fc.constant(world.records.formId), fc.uuid(), junkString),
            version: fc.oneof(fc.constant(1), fc.integer(), junkValue),
            consent: fc.oneof(fc.constant(true), junkValue),
            answers: fc.oneof(
              fc.dictionary(fc.constantFrom('q1', 'q2', 'x'), fc.oneof(junkValue, fc.boolean())),
              junkValue,
            ),
          }),
          junkValue,
        ),
      )
      .map(([token, body]) => ({
        method: 'POST',
        url: `/api/public/manage/${token}/anamnesis`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })),
    'GET /agendamento/:token': manageToken.map((token) => ({
      method: 'GET',
      url: `/agendamento/${token}`,
    })),
    'GET /book/:link': identifier.map((id) => ({ method: 'GET', url: `/book/${id}` })),
    // The operator's metrics (features/admin): any Authorization, never a 5xx.
    'GET /metrics': fc
      .oneof(
        junkString,
        fc.constant('Bearer '),
        fc.string().map((t) => `Bearer ${t}`),
      )
      .map((auth) => ({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: headerValue(auth) },
      })),
    'GET /profissional/:identifier': identifier.map((id) => ({
      method: 'GET',
      url: `/profissional/${id}`,
    })),
    'GET /ics/:file': fc
      .oneof(
        fc.base64String({ minLength: 40, maxLength: 48 }).map((t) => `${seg(t)}.ics`),
        junkString.map(seg),
        fc.constantFrom(...RAW_SEGMENTS),
      )
      .map((file) => ({ method: 'GET', url: `/ics/${file}` })),
    // The stop link of the client messages (issue 50): a real token, altered ones and junk.
    'GET /descadastro/:token': unsubscribeToken.map((token) => ({
      method: 'GET',
      url: `/descadastro/${token}`,
    })),
    'POST /descadastro/:token': fc
      .tuple(unsubscribeToken, fc.oneof(fc.constantFrom('allowed=0', 'allowed=1'), junkString))
      .map(([token, body]) => ({
        method: 'POST',
        url: `/descadastro/${token}`,
        payload: seg(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })),
    // A static page: whatever its query string, never a 5xx.
    'GET /privacidade': junkString.map((junk) => ({
      method: 'GET',
      // seg: a lone surrogate cannot be percent-encoded (URIError in the generator itself).
      url: `/privacidade?${seg(junk)}=${seg(junk)}`,
    })),
    ...waitlistFuzzers(world, powPayload),
  };
}

describe('fuzzing every public endpoint never yields a 5xx', () => {
  it('has a generator for every public route of the table', () => {
    const routes = listRoutes(world.ctx.app).map(routeKey);
    const publicInTable = Object.keys(PUBLIC_ROUTES).filter((key) => routes.includes(key));
    expect(publicInTable.length).toBe(Object.keys(PUBLIC_ROUTES).length);
    expect(Object.keys(fuzzers()).sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it.each(Object.keys(PUBLIC_ROUTES))(
    '%s',
    async (key) => {
      await expectNo5xx(key, fuzzers()[key]!);
    },
    120_000,
  );
});
