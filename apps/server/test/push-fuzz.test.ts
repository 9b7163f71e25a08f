import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Property: no body sent to Configurações > Notificações' routes yields a 5xx, and every refusal
 * is in pt-BR. Mixes garbage with nearly valid subscriptions (FUZZ_SEED / FUZZ_RUNS replay).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);

let ctx: TestContext;
let pro: SignedInProfessional;
let deviceId = '';

const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
  const res = await pro.request({
    method: 'PUT',
    url: '/api/push/devices',
    payload: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
      keys: { p256dh: P256DH, auth: AUTH },
      label: 'Fuzz',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  deviceId = res.json().id;
});
afterAll(async () => {
  await ctx?.close();
});

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 2000 }),
  fc.constantFrom(null, '', '\u0000', 'https://fcm.googleapis.com/'.padEnd(1100, 'a')),
);
const endpoint = fc.oneof(
  junk,
  fc.constantFrom(
    'https://fcm.googleapis.com/fcm/send/x',
    'https://web.push.apple.com/QGx',
    'http://fcm.googleapis.com/x',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://evil.example/x?fcm.googleapis.com',
    'https://[::1]/x',
  ),
);
const deviceBody = fc.oneof(
  junk,
  fc.record({
    endpoint,
    keys: fc.oneof(
      junk,
      fc.record({
        p256dh: fc.oneof(junk, fc.constant(P256DH)),
        auth: fc.oneof(junk, fc.constant(AUTH)),
      }),
    ),
    label: fc.oneof(junk, fc.string({ maxLength: 80 })),
  }),
);
const kindsBody = fc.oneof(
  junk,
  fc.record({
    disabledKinds: fc.oneof(
      junk,
      fc.array(
        fc.oneof(fc.constantFrom('booking_created', 'deposit_expired', 'test'), fc.string()),
        {
          maxLength: 12,
        },
      ),
    ),
  }),
);

describe('push routes under fuzzing', () => {
  it('answer 4xx in pt-BR, never 5xx', async () => {
    const id = fc.oneof(fc.constant(deviceId), fc.uuid(), fc.string({ maxLength: 60 }));
    const request = fc.oneof(
      deviceBody.map((payload) => ({ method: 'PUT' as const, url: '/api/push/devices', payload })),
      fc.tuple(id, kindsBody).map(([deviceId, payload]) => ({
        method: 'PATCH' as const,
        url: `/api/push/devices/${encodeURIComponent(deviceId)}`,
        payload,
      })),
      id.map((deviceId) => ({
        method: 'POST' as const,
        url: `/api/push/devices/${encodeURIComponent(deviceId)}/test`,
        payload: undefined as unknown,
      })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, payload }) => {
        const res = await pro.request({
          method,
          url,
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().message).toMatch(/[a-zà-ú]/i);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The device still exists (a test may have been queued; nothing else changed it away).
    const { devices } = (await pro.request({ method: 'GET', url: '/api/push' })).json();
    expect(devices.length).toBeGreaterThanOrEqual(1);
  });
});
