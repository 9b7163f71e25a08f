import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema';
import { AUTH_LIMITS, LIMIT_SCOPES } from '../src/features/auth/limits';
import { rateLimitKey } from '../src/plugins/rate-limit';
import { createTestApp, type TestContext } from './helpers/app';
import { createAccount, get, nextIp, PASSWORD, post, signUpBody } from './helpers/auth';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    // A route of another feature guarded by the subscription check.
    beforeReady: (app) =>
      app.post('/api/test-paid-action', { preHandler: app.requireAccess }, async (request) => ({
        profileId: request.getProfessional().profileId,
      })),
  });
});
afterAll(async () => {
  await ctx.close();
});

const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Muitas tentativas. Tente novamente em alguns minutos.',
};

describe('rate limits (counted in the database, on the app clock)', () => {
  it('sign-in: a burst of 10 per minute per IP, then 429 until the window ends', async () => {
    const ip = nextIp();
    const attempt = () =>
      post(ctx, '/api/auth/sign-in', { email: 'x@exemplo.com', password: 'qualquer' }, { ip });
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject(TOO_MANY);

    ctx.clock.advance(61_000);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('sign-in: 100 failures per hour per account, from any IP, even with the right password', async () => {
    const { email } = await createAccount(ctx);
    // 99 failures already counted (as if made from many addresses), then one real failure.
    await ctx.database.db.insert(rateLimits).values({
      key: rateLimitKey(LIMIT_SCOPES.signInFailures, email),
      count: AUTH_LIMITS.signInFailuresPerAccount.max - 1,
      resetAt: new Date(ctx.clock.now().getTime() + 30 * 60_000),
    });
    expect(
      (await post(ctx, '/api/auth/sign-in', { email, password: 'errada-123' })).statusCode,
    ).toBe(401);
    const blocked = await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(TOO_MANY);

    ctx.clock.advance(31 * 60_000);
    expect((await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('sign-up, resend and forgot: per IP bursts and per-address limits', async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.signUpPerIp.max; i += 1) {
      expect((await post(ctx, '/api/auth/sign-up', signUpBody(), { ip })).statusCode).toBe(201);
    }
    const signUp = await post(ctx, '/api/auth/sign-up', signUpBody(), { ip });
    expect(signUp.statusCode).toBe(429);

    const { email } = await createAccount(ctx);
    for (let i = 0; i < AUTH_LIMITS.resetMailsPerAccount.max; i += 1) {
      expect((await post(ctx, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    }
    expect((await post(ctx, '/api/auth/forgot-password', { email })).json()).toMatchObject(
      TOO_MANY,
    );

    const resendIp = nextIp();
    for (let i = 0; i < AUTH_LIMITS.mailRequestsPerIp.max; i += 1) {
      await post(
        ctx,
        '/api/auth/resend-verification',
        { email: `r${i}@exemplo.com` },
        { ip: resendIp },
      );
    }
    const resend = await post(ctx, '/api/auth/resend-verification', { email }, { ip: resendIp });
    expect(resend.statusCode).toBe(429);
  });

  it('counts for every app instance sharing the database', async () => {
    const second = await createTestApp({ database: ctx.database });
    try {
      second.clock.set(ctx.clock.now());
      const ip = nextIp();
      const body = { email: 'y@exemplo.com', password: 'qualquer' };
      for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
        const instance = i % 2 === 0 ? ctx : second;
        expect((await post(instance, '/api/auth/sign-in', body, { ip })).statusCode).toBe(401);
      }
      expect((await post(second, '/api/auth/sign-in', body, { ip })).statusCode).toBe(429);
      expect((await post(ctx, '/api/auth/sign-in', body, { ip })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('CSRF: cross-origin state changes are refused', () => {
  it('refuses a cross-origin POST carrying the session cookie, and the session survives', async () => {
    const { cookie } = await createAccount(ctx);
    const crossOrigin: Record<string, string>[] = [
      { origin: 'https://site-malicioso.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossOrigin) {
      const res = await post(ctx, '/api/auth/sign-out', undefined, { cookie, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Requisição de outra origem recusada.',
      });
    }
    const change = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'hackeada-123', confirmPassword: 'hackeada-123' },
      { cookie, headers: { origin: 'https://site-malicioso.example' } },
    );
    expect(change.statusCode).toBe(403);
    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(200);
  });

  it('accepts our own origin', async () => {
    const { cookie } = await createAccount(ctx);
    const res = await post(ctx, '/api/auth/sign-out', undefined, {
      cookie,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('app.requireAccess', () => {
  it('lets a trial in, and answers 403 SUBSCRIPTION_REQUIRED once it ended', async () => {
    const { cookie, profile } = await createAccount(ctx);
    const call = () => post(ctx, '/api/test-paid-action', {}, { cookie });
    expect((await call()).json()).toEqual({ profileId: profile.id });

    ctx.clock.advance(7 * 24 * 60 * 60 * 1000);
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Sua assinatura não está ativa. Assine para continuar.',
    });
    expect((await post(ctx, '/api/test-paid-action', {})).statusCode).toBe(401);
  });
});
