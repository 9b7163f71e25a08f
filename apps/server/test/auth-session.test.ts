import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  confirmEmail,
  createAccount,
  get,
  mailsTo,
  PASSWORD,
  post,
  sessionCookieOf,
  signUpBody,
} from './helpers/auth';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('confirming the e-mail before the first login', () => {
  it('refuses login before confirmation, with a new link; confirms once; then logs in', async () => {
    const body = signUpBody();
    expect((await post(ctx, '/api/auth/sign-up', body)).statusCode).toBe(201);

    const early = await post(ctx, '/api/auth/sign-in', { email: body.email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      statusCode: 403,
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Confirme seu e-mail antes de entrar. Enviamos um novo link de confirmação.',
    });
    expect(early.cookies).toEqual([]);
    expect(await mailsTo(ctx, body.email)).toHaveLength(2);

    const confirmed = await confirmEmail(ctx, body.email);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/auth?verified=1');
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, body.email));
    expect(row!.emailVerified).toBe(true);

    // The same link a second time: used.
    const reused = await confirmEmail(ctx, body.email);
    expect(reused.headers.location).toBe('/auth?verified=0');

    const res = await post(ctx, '/api/auth/sign-in', {
      email: body.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: row!.id, email: body.email } });
    const cookie = res.cookies.find((c) => c.name === 'agendaki.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
  });

  it('answers an unknown, missing or expired token with verified=0', async () => {
    const unknown = await get(ctx, '/api/auth/verify-email?token=nao-existe');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/auth?verified=0');
    expect((await get(ctx, '/api/auth/verify-email')).headers.location).toBe('/auth?verified=0');

    const body = signUpBody();
    await post(ctx, '/api/auth/sign-up', body);
    ctx.clock.advance(25 * 60 * 60 * 1000);
    try {
      expect((await confirmEmail(ctx, body.email)).headers.location).toBe('/auth?verified=0');
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
  });

  it('resend-verification answers 200 for any address and mails only unconfirmed accounts', async () => {
    const body = signUpBody();
    await post(ctx, '/api/auth/sign-up', body);
    const res = await post(ctx, '/api/auth/resend-verification', { email: body.email });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(ctx, body.email)).toHaveLength(2);

    const unknown = await post(ctx, '/api/auth/resend-verification', {
      email: 'ninguem@exemplo.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    expect(await mailsTo(ctx, 'ninguem@exemplo.com')).toHaveLength(0);
  });
});

describe('sign-in', () => {
  it('answers wrong credentials with "Email ou senha inválidos", for known and unknown e-mails', async () => {
    const { email } = await createAccount(ctx);
    for (const attempt of [
      { email, password: 'senha-errada' },
      { email: 'nao-cadastrado@exemplo.com', password: PASSWORD },
    ]) {
      const res = await post(ctx, '/api/auth/sign-in', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Email ou senha inválidos',
      });
    }
  });

  it('validates with the login rules (password at least 6)', async () => {
    const res = await post(ctx, '/api/auth/sign-in', {
      email: 'ana@exemplo.com',
      password: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Senha deve ter pelo menos 6 caracteres');
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const https = await createTestApp({
      database: ctx.database,
      env: { PUBLIC_URL: 'https://agendaki.exemplo.com.br' },
    });
    try {
      const { email } = await createAccount(ctx);
      const res = await post(https, '/api/auth/sign-in', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name.endsWith('agendaki.session_token'));
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a session', async () => {
    const res = await get(ctx, '/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Faça login para continuar.',
    });
    expect(
      (await get(ctx, '/api/me', 'agendaki.session_token=forjado.assinatura')).statusCode,
    ).toBe(401);
  });

  it('returns the user, the profile and a 7-day trial', async () => {
    const { email, cookie, profile } = await createAccount(ctx, {
      businessName: 'Barbearia do Zé',
    });
    const res = await get(ctx, '/api/me', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      user: { id: profile.userId, email },
      profile: {
        id: profile.id,
        professionalName: 'Ana Souza',
        businessName: 'Barbearia do Zé',
        email,
        phone: null,
        bio: null,
        customLink: expect.stringMatching(/^barbearia-do-ze/),
        isActive: true,
        avatarUrl: null,
        timezone: 'America/Sao_Paulo',
        // No state until the professional picks one for its holidays (docs/decisions/009-real-week.md).
        state: null,
      },
      subscription: {
        status: 'trialing',
        trialEnd: '2026-11-28T12:00:00.000Z',
        currentPeriodEnd: null,
        createdAt: '2026-11-21T12:00:00.000Z',
        isActive: false,
        isTrial: true,
        hasAccess: true,
        trialDaysLeft: 7,
        renewalDaysLeft: 0,
      },
    });
  });

  it('follows the clock: after the trial, no access without a restart', async () => {
    const { cookie } = await createAccount(ctx);
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    try {
      const res = await get(ctx, '/api/me', cookie);
      expect(res.json().subscription).toMatchObject({
        hasAccess: false,
        isTrial: false,
        trialDaysLeft: 0,
      });
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
  });
});

describe('POST /api/auth/sign-out', () => {
  it('revokes the session server-side: the old cookie no longer works', async () => {
    const { cookie, profile } = await createAccount(ctx);
    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(200);

    const res = await post(ctx, '/api/auth/sign-out', undefined, { cookie });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'agendaki.session_token');
    expect(cleared).toMatchObject({ value: '', maxAge: 0 });

    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(401);
    const rows = await ctx.database.db
      .select()
      .from(session)
      .where(eq(session.userId, profile.userId));
    expect(rows).toEqual([]);
  });

  it('answers 204 without a session too', async () => {
    expect((await post(ctx, '/api/auth/sign-out')).statusCode).toBe(204);
  });

  it('ends only the session it is called with', async () => {
    const { email, cookie } = await createAccount(ctx);
    const other = sessionCookieOf(
      await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD }),
    );
    await post(ctx, '/api/auth/sign-out', undefined, { cookie });
    expect((await get(ctx, '/api/me', other)).statusCode).toBe(200);
  });
});

describe('the auth secret', () => {
  it('is the one every instance is given, so a session works on every instance', async () => {
    const { cookie } = await createAccount(ctx);
    const second = await createTestApp({ database: ctx.database });
    try {
      expect((await get(second, '/api/me', cookie)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
