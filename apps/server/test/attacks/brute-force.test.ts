import { AUTH_MAIL_REQUEST_QUEUE } from '../../src/db/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH_LIMITS, SIGN_IN_THROTTLE } from '../../src/features/auth/limits';
import { createTestApp, type TestContext } from '../helpers/app';
import {
  createAccount,
  get,
  latestMailTo,
  linkIn,
  mailsTo,
  nextIp,
  PASSWORD,
  post,
  sessionCookieOf,
} from '../helpers/auth';

/**
 * Password guessing, made for real (no counter seeded): from one address, and from many
 * addresses against one account (docs/decisions/007-login-throttling.md). Once an account is
 * throttled the right password waits too, so a guesser learns nothing from the answers; the
 * owner gets in from a recent device or through an e-mailed one-time link.
 */

const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Muitas tentativas. Tente novamente em alguns minutos.',
};

const THROTTLED = {
  statusCode: 429,
  code: 'SIGN_IN_THROTTLED',
  message:
    'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou receba um link de acesso por e-mail.',
};

let ctx: TestContext;

beforeAll(async () => {
  // Behind a proxy, as deployed: each guess comes from the address in X-Forwarded-For.
  ctx = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});

function signInFrom(email: string, password: string, address: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
}

/** "name=value" of the trusted-device cookie a sign-in set. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'agendaki_device');
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}
afterAll(async () => {
  await ctx.close();
});

describe('login brute force', () => {
  it('from one address: 429 after the burst, even for the right password', async () => {
    const { email } = await createAccount(ctx);
    const ip = nextIp();
    // Credential stuffing: other addresses' passwords, so no account's throttle is reached.
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
      const guess = await post(
        ctx,
        '/api/auth/sign-in',
        { email: `outra-${i}-${email}`, password: `chute-${i}` },
        { ip },
      );
      expect(guess.statusCode).toBe(401);
    }
    const limited = await post(ctx, '/api/auth/sign-in', { email, password: 'chute-x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject(TOO_MANY);
    const right = await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  }, 60_000);

  it('200 wrong passwords from 50 addresses: the owner still gets in within a minute', async () => {
    const { email } = await createAccount(ctx);
    const ownDevice = deviceCookieOf(await signInFrom(email, PASSWORD, '203.0.113.7'));
    const statuses: number[] = [];
    // A botnet: 50 addresses, 4 guesses each, 10 at a time.
    for (let round = 0; round < 20; round += 1) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, k) => {
          const n = round * 10 + k;
          return signInFrom(email, `chute-${n}`, `198.51.100.${(n % 50) + 1}`);
        }),
      );
      statuses.push(...batch.map((res) => res.statusCode));
    }
    // Exactly the free failures were tried; every other guess waited without being counted.
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_THROTTLE.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      200 - SIGN_IN_THROTTLE.freeFailures,
    );
    const attackMails = (await mailsTo(ctx, email)).filter((m) => m.subject.includes('Tentativas'));
    expect(attackMails).toHaveLength(1);

    // A new device with the right password waits, and is offered the e-mailed link.
    const newDevice = await signInFrom(email, PASSWORD, '203.0.113.8');
    expect(newDevice.statusCode).toBe(429);
    expect(newDevice.json()).toMatchObject(THROTTLED);
    expect(newDevice.headers['set-cookie']).toBeUndefined();

    // The owner's recent device gets in at once, from any address.
    const fromDevice = await signInFrom(email, PASSWORD, '203.0.113.9', ownDevice);
    expect(fromDevice.statusCode, fromDevice.body).toBe(200);
    expect((await get(ctx, '/api/me', sessionCookieOf(fromDevice))).statusCode).toBe(200);

    // A new device gets in through the e-mailed one-time link, once.
    const asked = await post(ctx, '/api/auth/sign-in-link', { email });
    expect(asked.statusCode).toBe(200);
    await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
    const mail = await latestMailTo(ctx, email, 'link de acesso');
    const link = linkIn(mail.text, `${ctx.env.PUBLIC_URL}/api/auth/sign-in-link`);
    const opened = await get(ctx, `${link.pathname}${link.search}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    expect((await get(ctx, '/api/me', sessionCookieOf(opened))).statusCode).toBe(200);
    expect(deviceCookieOf(opened)).toMatch(/^agendaki_device=/);
    const reused = await get(ctx, `${link.pathname}${link.search}`);
    expect(reused.headers.location).toBe('/auth?link=0');
    expect(reused.headers['set-cookie']).toBeUndefined();
  }, 120_000);

  it('concurrent guesses never exceed the free failures', async () => {
    const { email } = await createAccount(ctx);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInFrom(email, `chute-${i}`, nextIp())),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_THROTTLE.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - SIGN_IN_THROTTLE.freeFailures,
    );
  }, 60_000);

  it('a device cookie helps only its own account, and only when its signature holds', async () => {
    const victim = await createAccount(ctx);
    const attacker = await createAccount(ctx);
    const attackerDevice = deviceCookieOf(await signInFrom(attacker.email, PASSWORD, nextIp()));
    const [name, value] = attackerDevice.split('=') as [string, string];
    const parts = value.split('.');
    const forged = `${name}=${[victim.profile.userId, ...parts.slice(1)].join('.')}`;
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i += 1) {
      await signInFrom(victim.email, `chute-${i}`, nextIp());
    }
    for (const cookie of [attackerDevice, forged]) {
      const res = await signInFrom(victim.email, 'chute-x', nextIp(), cookie);
      expect(res.statusCode, cookie).toBe(429);
      expect(res.json()).toMatchObject(THROTTLED);
    }
  }, 60_000);

  it('reset tokens cannot be guessed in bulk from one address', async () => {
    const ip = nextIp();
    const guess = (i: number) =>
      post(
        ctx,
        '/api/auth/reset-password',
        { token: `token-chutado-${i}`, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
        { ip },
      );
    for (let i = 0; i < AUTH_LIMITS.resetPasswordPerIp.max; i += 1) {
      expect((await guess(i)).statusCode).toBe(400);
    }
    const limited = await guess(99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject(TOO_MANY);
  });
});
