import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/features/auth/limits';
import { MANAGE_LIMIT } from '../../src/features/manage/routes';
import { createTestApp, type TestContext } from '../helpers/app';

/**
 * A client writes whatever it likes into X-Forwarded-For; the proxy in front appends the address
 * it saw. With TRUST_PROXY=true (one proxy) only that appended hop is believed, so every guess
 * counts against the real address however the client varies the rest (docs/decisions/026).
 */

const REAL_ADDRESS = '203.0.113.9';
/** The proxy on the same machine connects from loopback, as in a real deployment. */
const PROXY_SOCKET = '127.0.0.1';

/** What the app receives once the proxy appended the client's real address. */
function throughProxy(clientWrote: string, realAddress = REAL_ADDRESS) {
  return { 'x-forwarded-for': `${clientWrote}, ${realAddress}` };
}

describe('behind one proxy (TRUST_PROXY=true)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      beforeReady: (app) => app.get('/test/ip', async (request) => ({ ip: request.ip })),
    });
  });
  afterAll(() => ctx.close());

  it('30 sign-ins with a forged address each still meet the limit of the real one', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: PROXY_SOCKET,
        headers: throughProxy(`192.0.2.${n}`),
        payload: { email: `ninguem-${n}@example.com`, password: `chute-${n}` },
      });
      statuses.push(res.statusCode);
    }
    const max = AUTH_LIMITS.signInPerIp.max;
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(max).every((status) => status === 429)).toBe(true);

    // Another real address behind the same proxy is not held back by the forger.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: PROXY_SOCKET,
      headers: throughProxy('192.0.2.1', '198.51.100.77'),
      payload: { email: 'outra@example.com', password: 'chute-outra' },
    });
    expect(other.statusCode).toBe(401);
  }, 60_000);

  it('130 guesses at manage links with forged addresses meet the limit', async () => {
    let limited = 0;
    for (let n = 1; n <= MANAGE_LIMIT.max + 10; n += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/public/manage/chute-${n}-${'x'.repeat(20)}`,
        remoteAddress: PROXY_SOCKET,
        headers: throughProxy(`192.0.2.${n % 250}`, '203.0.113.10'),
      });
      if (res.statusCode === 429) limited += 1;
      else expect(res.statusCode).toBe(404);
    }
    expect(limited).toBe(10);
  }, 60_000);

  it('takes the hop the proxy appended, and the socket without a header', async () => {
    const ip = async (headers: Record<string, string>, remoteAddress = PROXY_SOCKET) =>
      (await ctx.app.inject({ url: '/test/ip', remoteAddress, headers })).json<{ ip: string }>().ip;
    expect(await ip(throughProxy('192.0.2.1, 192.0.2.2'))).toBe(REAL_ADDRESS);
    // Single-entry headers (the proxy alone wrote it) keep working as before.
    expect(await ip({ 'x-forwarded-for': '198.51.100.5' })).toBe('198.51.100.5');
    expect(await ip({}, '198.51.100.6')).toBe('198.51.100.6');
  });
});

describe('proxy addresses (a CDN in front of the reverse proxy)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      // The reverse proxy on loopback, the CDN's edges in 10.0.0.0/8 (a stand-in for its ranges).
      env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' },
      beforeReady: (app) => app.get('/test/ip', async (request) => ({ ip: request.ip })),
    });
  });
  afterAll(() => ctx.close());

  const ip = async (forwardedFor: string) =>
    (
      await ctx.app.inject({
        url: '/test/ip',
        remoteAddress: PROXY_SOCKET,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).json<{ ip: string }>().ip;

  it('through the CDN: the address the CDN saw', async () => {
    expect(await ip('192.0.2.1, 198.51.100.20, 10.1.2.3')).toBe('198.51.100.20');
  });

  it('around the CDN, straight to the proxy: the caller, not what it wrote', async () => {
    expect(await ip('10.9.9.9, 198.51.100.21')).toBe('198.51.100.21');
  });
});
