import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/features/auth/limits';
import { createTestApp, type TestContext } from '../helpers/app';
import { createAccount, nextIp, PASSWORD, post } from '../helpers/auth';

/**
 * Password guessing, made for real (no counter seeded): from one address, and from many
 * addresses against one account. Once the limit is reached even the right password is refused,
 * so a guesser learns nothing from the answers.
 */

const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Muitas tentativas. Tente novamente em alguns minutos.',
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('login brute force', () => {
  it('from one address: 429 after the burst, even for the right password', async () => {
    const { email } = await createAccount(ctx);
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i += 1) {
      const guess = await post(ctx, '/api/auth/sign-in', { email, password: `chute-${i}` }, { ip });
      expect(guess.statusCode).toBe(401);
    }
    const limited = await post(ctx, '/api/auth/sign-in', { email, password: 'chute-x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject(TOO_MANY);
    const right = await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('from many addresses against one account: 429 once the failures reach the limit', async () => {
    const { email } = await createAccount(ctx);
    const max = AUTH_LIMITS.signInFailuresPerAccount.max;
    const statuses: number[] = [];
    // A botnet: every guess from a new address, a few at a time.
    for (let i = 0; i < max; i += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, max - i) }, (_, k) =>
          post(ctx, '/api/auth/sign-in', { email, password: `chute-${i + k}` }),
        ),
      );
      statuses.push(...batch.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    const right = await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject(TOO_MANY);
    expect(right.headers['set-cookie']).toBeUndefined();
  }, 120_000);

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
