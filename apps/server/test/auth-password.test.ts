import { AUTH_MAIL_REQUEST_QUEUE } from '../src/db/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import {
  createAccount,
  get,
  latestMailTo,
  linkIn,
  mailsTo,
  PASSWORD,
  post,
  signIn,
  signUpBody,
} from './helpers/auth';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const NEW_PASSWORD = 'nova-senha-segura';

async function requestResetLink(email: string): Promise<string> {
  const res = await post(ctx, '/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
  const mail = await latestMailTo(ctx, email, 'Redefinição');
  expect(mail.text).toContain('expira em 1 hora');
  return linkIn(mail.text, `${ctx.env.PUBLIC_URL}/auth/nova-senha?token=`).searchParams.get(
    'token',
  )!;
}

describe('forgot password → reset', () => {
  it('answers the same for unknown addresses and mails nothing', async () => {
    const res = await post(ctx, '/api/auth/forgot-password', { email: 'ninguem@exemplo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Verifique sua caixa de entrada para redefinir a senha',
    });
    await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
    expect(await mailsTo(ctx, 'ninguem@exemplo.com')).toHaveLength(0);
  });

  it('resets with the mailed link once, ends old sessions, and refuses the link again', async () => {
    const { email, cookie } = await createAccount(ctx);
    const token = await requestResetLink(email);

    const reset = await post(ctx, '/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(401);

    const again = await post(ctx, '/api/auth/reset-password', {
      token,
      password: 'outra-senha-123',
      confirmPassword: 'outra-senha-123',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Link inválido ou expirado. Solicite um novo.' });

    const old = await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    await signIn(ctx, email, NEW_PASSWORD);
  });

  it('refuses an expired (over 1 hour) or unknown link', async () => {
    const { email } = await createAccount(ctx);
    const token = await requestResetLink(email);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    try {
      for (const candidate of [token, 'token-inventado']) {
        const res = await post(ctx, '/api/auth/reset-password', {
          token: candidate,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Link inválido ou expirado. Solicite um novo.');
      }
    } finally {
      ctx.clock.set('2026-11-21T12:00:00.000Z');
    }
    await signIn(ctx, email, PASSWORD);
  });

  it('validates the new password like sign-up', async () => {
    const res = await post(ctx, '/api/auth/reset-password', {
      token: 'x',
      password: 'curta',
      confirmPassword: 'curta',
    });
    expect(res.json().message).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('confirms an unconfirmed account: the link proved the mailbox', async () => {
    const body = signUpBody();
    await post(ctx, '/api/auth/sign-up', body);
    const token = await requestResetLink(body.email);
    await post(ctx, '/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await signIn(ctx, body.email, NEW_PASSWORD);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (cookie: string | undefined, body: Record<string, string>) =>
    post(ctx, '/api/auth/change-password', body, { cookie });

  it('needs a session', async () => {
    const res = await change(undefined, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password and a mismatch', async () => {
    const { cookie } = await createAccount(ctx);
    const wrong = await change(cookie, {
      currentPassword: 'nao-e-esta',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta');

    const mismatch = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: 'diferente-123',
    });
    expect(mismatch.json().message).toBe('As senhas não coincidem.');

    const short = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: 'curta',
      confirmPassword: 'curta',
    });
    expect(short.json().message).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { email, cookie } = await createAccount(ctx);
    const otherDevice = await signIn(ctx, email);

    const res = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha atualizada', calendarFeed: null });

    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(200);
    expect((await get(ctx, '/api/me', otherDevice)).statusCode).toBe(401);
    expect((await post(ctx, '/api/auth/sign-in', { email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    await signIn(ctx, email, NEW_PASSWORD);
  });
});
