import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MAIL_REQUEST_QUEUE } from '../../src/db/queues';
import { createTestApp, type TestContext } from '../helpers/app';
import { createAccount, get, latestMailTo, linkIn, PASSWORD, post, signIn } from '../helpers/auth';

/**
 * Probe finding 11 (issue 44): credentials that outlived the password. An unused sign-in link
 * worked after a password reset; a password change left the calendar feed's secret address
 * working. A reset or a change now revokes the sign-in links, the other sessions and the feed's
 * address, and tells the owner by e-mail.
 */

let ctx: TestContext;
const NEW_PASSWORD = 'nova-senha-segura-9';

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The token of the link mailed for `purpose`, asked for as anyone could. */
async function mailedToken(email: string, purpose: 'sign-in' | 'reset-password') {
  const [url, subject, prefix] =
    purpose === 'sign-in'
      ? ['/api/auth/sign-in-link', 'link de acesso', '/api/auth/sign-in-link?token=']
      : ['/api/auth/forgot-password', 'Redefinição', '/auth/nova-senha?token='];
  expect((await post(ctx, url, { email })).statusCode).toBe(200);
  await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
  const mail = await latestMailTo(ctx, email, subject);
  return linkIn(mail.text, `${ctx.env.PUBLIC_URL}${prefix}`).searchParams.get('token')!;
}

const openSignInLink = (token: string) =>
  get(ctx, `/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);

async function makeFeed(cookie: string): Promise<string> {
  const res = await post(ctx, '/api/settings/calendar-feed', undefined, { cookie });
  expect(res.statusCode).toBe(201);
  return new URL(res.json().httpsUrl).pathname;
}

describe('after a password reset', () => {
  it('an unused sign-in link, the sessions and the feed address no longer work', async () => {
    const { email, cookie } = await createAccount(ctx);
    const feed = await makeFeed(cookie);
    const signInToken = await mailedToken(email, 'sign-in');
    const resetToken = await mailedToken(email, 'reset-password');
    const reset = await post(ctx, '/api/auth/reset-password', {
      token: resetToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const opened = await openSignInLink(signInToken);
    expect(opened.headers.location).toBe('/auth?link=0');
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(401);
    expect((await get(ctx, feed)).statusCode).toBe(404);

    const notice = await latestMailTo(ctx, email, 'foi alterada');
    expect(notice.text).toContain('foi redefinida');
    expect(notice.text).toContain('gere um novo em Configurações > Calendário');
    const me = await signIn(ctx, email, NEW_PASSWORD);
    const status = await get(ctx, '/api/settings/calendar-feed', me);
    expect(status.json()).toMatchObject({ isActive: false });
  });
});

describe('after a password change', () => {
  it('the feed address moves (the new one answered once), links and other sessions end, this one stays', async () => {
    const { email, cookie } = await createAccount(ctx);
    const other = await signIn(ctx, email, PASSWORD);
    const feed = await makeFeed(cookie);
    const signInToken = await mailedToken(email, 'sign-in');
    const resetToken = await mailedToken(email, 'reset-password');

    const changed = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect((await get(ctx, feed)).statusCode).toBe(404);
    expect((await openSignInLink(signInToken)).headers.location).toBe('/auth?link=0');
    const reset = await post(ctx, '/api/auth/reset-password', {
      token: resetToken,
      password: 'outra-senha-123',
      confirmPassword: 'outra-senha-123',
    });
    expect(reset.statusCode).toBe(400);
    expect((await get(ctx, '/api/me', other)).statusCode).toBe(401);
    expect((await get(ctx, '/api/me', cookie)).statusCode).toBe(200);

    const { calendarFeed } = changed.json();
    expect(calendarFeed.webcalUrl).toMatch(/^webcal:\/\/.+\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await get(ctx, new URL(calendarFeed.httpsUrl).pathname)).statusCode).toBe(200);
    const notice = await latestMailTo(ctx, email, 'foi alterada');
    expect(notice.text).toContain('foi trocado: o antigo parou de funcionar');
    expect(notice.text).not.toContain('/ics/');
  });

  it('without a feed, answers no address and the notice says nothing of it', async () => {
    const { email, cookie } = await createAccount(ctx);
    const changed = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(changed.json()).toEqual({ message: 'Senha atualizada', calendarFeed: null });
    const notice = await latestMailTo(ctx, email, 'foi alterada');
    expect(notice.text).not.toContain('Calendário');
  });
});
