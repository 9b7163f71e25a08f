import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, SIGN_IN_THROTTLE } from '../src/features/auth/limits';
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

const THROTTLED = {
  statusCode: 429,
  code: 'SIGN_IN_THROTTLED',
  message:
    'Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou receba um link de acesso por e-mail.',
};

const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Muitas tentativas. Tente novamente em alguns minutos.',
};

describe('rate limits (counted in the database, on the app clock)', () => {
  it('sign-in: a burst of 10 per minute per IP, then 429 until the window ends', async () => {
    const ip = nextIp();
    // Credential stuffing: one address, a new e-mail each time (no account's throttle counts).
    let tries = 0;
    const attempt = () => {
      tries += 1;
      return post(
        ctx,
        '/api/auth/sign-in',
        { email: `x${tries}@exemplo.com`, password: 'qualquer' },
        { ip },
      );
    };
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject(TOO_MANY);

    ctx.clock.advance(61_000);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('sign-in: per account, free failures, then delays that double; a quiet hour forgets', async () => {
    const { email } = await createAccount(ctx);
    const { freeFailures, baseDelayMs, windowMs } = SIGN_IN_THROTTLE;
    const wrong = () => post(ctx, '/api/auth/sign-in', { email, password: 'errada-123' });
    const right = () => post(ctx, '/api/auth/sign-in', { email, password: PASSWORD });
    for (let i = 0; i < freeFailures; i += 1) expect((await wrong()).statusCode).toBe(401);
    // Each address is new: the per-account throttle decides, and the right password waits too.
    const blocked = await right();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(THROTTLED);
    expect(blocked.headers['retry-after']).toBe(String(baseDelayMs / 1000));
    expect(blocked.headers['set-cookie']).toBeUndefined();

    ctx.clock.advance(baseDelayMs);
    expect((await wrong()).statusCode).toBe(401);
    const doubled = await right();
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe(String((2 * baseDelayMs) / 1000));

    ctx.clock.advance(2 * baseDelayMs);
    expect((await right()).statusCode).toBe(200);
    // The success forgot the failures: the free ones are back.
    for (let i = 0; i < freeFailures; i += 1) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
    ctx.clock.advance(windowMs);
    expect((await wrong()).statusCode).toBe(401);
  }, 120_000);

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
  }, 120_000);

  it('counts for every app instance sharing the database', async () => {
    const second = await createTestApp({ database: ctx.database });
    try {
      second.clock.set(ctx.clock.now());
      const ip = nextIp();
      // A different address each time: the per-IP limit, not an account's throttle, counts.
      const body = { email: 'y@exemplo.com', password: 'qualquer' };
      for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
        const instance = i % 2 === 0 ? ctx : second;
        const guess = { email: `y${i}@exemplo.com`, password: 'qualquer' };
        expect((await post(instance, '/api/auth/sign-in', guess, { ip })).statusCode).toBe(401);
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
