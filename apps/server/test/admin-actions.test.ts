import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, profiles, subscriptions } from '../src/db/schema';
import { REASON, signUpOperator } from './helpers/admin';
import { createTestApp, type TestContext } from './helpers/app';
import { AUTH_MAIL_REQUEST_QUEUE } from '../src/db/queues';
import { setSuspension } from '../src/features/profile/service';
import { linkIn, mailsTo, nextIp } from './helpers/auth';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import type { SignedInProfessional } from './helpers/session';

/**
 * The operator's actions (docs/product.md, "The operator's side"): each one needs a reason and
 * is written to the audit log with it; extending a trial moves her banner's days; a suspended
 * professional cannot sign in and her page takes no booking, and nothing of hers is deleted.
 */

let ctx: TestContext;
let operator: SignedInProfessional;
let studio: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await signUpOperator(ctx);
  studio = await createBookableProfessional(ctx, { professionalName: 'Beatriz Alvo' });
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

function act(action: string, payload: Record<string, unknown>, id = studio.profileId) {
  return operator.request({
    method: 'POST',
    url: `/api/admin/professionals/${id}/${action}`,
    payload,
  });
}

async function auditLog() {
  const res = await operator.request({ method: 'GET', url: '/api/admin/audit-log' });
  return res.json().entries as Array<Record<string, unknown>>;
}

const trialDaysOf = async (pro: SignedInProfessional) =>
  (await pro.request({ method: 'GET', url: '/api/me' })).json().subscription.trialDaysLeft;

describe('every action asks for a reason', () => {
  it.each([
    ['suspend', {}, 'Escreva o motivo'],
    ['suspend', { reason: '   \u200b ' }, 'Escreva o motivo'],
    ['suspend', { reason: 'x'.repeat(501) }, 'Motivo muito longo (máximo 500 caracteres)'],
    ['extend-trial', { reason: REASON, days: 0 }, 'Informe de 1 a 90 dias'],
    ['extend-trial', { reason: REASON, days: 91 }, 'Informe de 1 a 90 dias'],
    ['extend-trial', { reason: REASON, days: 2.5 }, 'Informe de 1 a 90 dias'],
  ])('%s with %j: 400 "%s", nothing done', async (action, payload, message) => {
    const res = await act(action, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await auditLog()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed professional', async () => {
    for (const id of ['3b8f1c2e-5d4a-4f6b-9c7d-1e2f3a4b5c6d', 'nao-e-um-id']) {
      const res = await act('suspend', { reason: REASON }, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Profissional não encontrado');
    }
  });
});

describe('extending a trial', () => {
  it('adds the days to her trial, which her banner then shows, and logs why', async () => {
    expect(await trialDaysOf(studio.pro)).toBe(7);
    const res = await act('extend-trial', { reason: REASON, days: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Teste grátis estendido.',
      professional: { state: 'trial', trialDaysLeft: 12 },
    });
    expect(await trialDaysOf(studio.pro)).toBe(12);
    expect((await auditLog())[0]).toMatchObject({
      operatorEmail: operator.email,
      subjectEmail: studio.pro.email,
      action: 'extend_trial',
      detail: '+5 dias, até 03/12/2026',
      reason: REASON,
    });
  });

  it('gives an expired trial its days from today, and refuses a paying account', async () => {
    const late = await createBookableProfessional(ctx);
    ctx.clock.advance(10 * 86_400_000);
    try {
      expect(await trialDaysOf(late.pro)).toBe(0);
      expect(
        (await act('extend-trial', { reason: REASON, days: 3 }, late.profileId)).statusCode,
      ).toBe(200);
      expect(await trialDaysOf(late.pro)).toBe(3);
    } finally {
      ctx.clock.advance(-10 * 86_400_000);
    }
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: new Date('2026-12-21T12:00:00Z') })
      .where(
        eq(
          subscriptions.userId,
          (await late.pro.request({ method: 'GET', url: '/api/me' })).json().user.id,
        ),
      );
    const paying = await act('extend-trial', { reason: REASON, days: 3 }, late.profileId);
    expect(paying.statusCode).toBe(409);
    expect(paying.json().message).toBe('Esta conta já tem assinatura ativa.');
  });
});

describe('suspending and reactivating', () => {
  it('ends her sessions, refuses her sign-in, stops her page, and keeps her data', async () => {
    const before = await postBooking(ctx, bookingBody(studio, { time: '10:00' }));
    expect(before.statusCode, before.body).toBe(201);
    // Her phone, which a paused page offers for WhatsApp; a suspended one must not.
    await ctx.database.db
      .update(profiles)
      .set({ phone: '(11) 98888-7777' })
      .where(eq(profiles.id, studio.profileId));

    const res = await act('suspend', { reason: 'Denúncia de golpe (chamado 456)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().professional.suspended).toBe(true);

    expect((await studio.pro.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: nextIp(),
      payload: { email: studio.pro.email, password: 'senha-segura-123' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(
      'Esta conta está suspensa. Fale com o suporte do Agendaki para saber mais.',
    );
    expect(signIn.headers['set-cookie']).toBeUndefined();

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}`,
    });
    expect(page.json()).toMatchObject({ bookingPaused: true, whatsapp: null });
    const refused = await postBooking(ctx, bookingBody(studio, { time: '11:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Agenda online pausada no momento');
    expect((await act('suspend', { reason: REASON })).statusCode).toBe(409);

    const back = await act('reactivate', { reason: 'Resolvido com a profissional' });
    expect(back.statusCode, back.body).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: nextIp(),
      payload: { email: studio.pro.email, password: 'senha-segura-123' },
    });
    expect(again.statusCode).toBe(200);
    const reopened = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${studio.customLink}`,
    });
    expect(reopened.json()).toMatchObject({ bookingPaused: false });
    const after = await postBooking(ctx, bookingBody(studio, { time: '11:00' }));
    expect(after.statusCode, after.body).toBe(201);

    const actions = (await auditLog()).map((entry) => [entry.action, entry.reason]);
    expect(actions.slice(0, 2)).toEqual([
      ['reactivate', 'Resolvido com a profissional'],
      ['suspend', 'Denúncia de golpe (chamado 456)'],
    ]);
  });
});

describe('a suspended account', () => {
  it('is not let in by a sign-in link e-mailed before the suspension', async () => {
    const target = await createBookableProfessional(ctx);
    const seen = new Set<string>();
    const mailedLink = async () => {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        remoteAddress: nextIp(),
        payload: { email: target.pro.email },
      });
      expect(asked.statusCode).toBe(200);
      await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
      // The clock stands still: the new mail is the one not seen before, not the latest.
      const mail = (await mailsTo(ctx, target.pro.email)).find(
        (row) => row.subject.includes('link de acesso') && !seen.has(row.id),
      )!;
      seen.add(mail.id);
      const link = linkIn(mail.text, `${ctx.env.PUBLIC_URL}/api/auth/sign-in-link?token=`);
      return () => ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    };
    const open = await mailedLink();
    expect((await act('suspend', { reason: REASON }, target.profileId)).statusCode).toBe(200);
    const refused = await open();
    expect(refused.headers.location).toBe('/auth?link=0');
    expect(refused.headers['set-cookie']).toBeUndefined();

    expect((await act('reactivate', { reason: REASON }, target.profileId)).statusCode).toBe(200);
    const opened = await (await mailedLink())();
    expect(opened.headers.location).toBe('/dashboard');
    expect(String(opened.headers['set-cookie'])).toContain('session_token');
  });

  it('has her sessions ended, not only hidden: they stay out after reactivation', async () => {
    const target = await createBookableProfessional(ctx);
    const me = () => target.pro.request({ method: 'GET', url: '/api/me' });
    expect((await me()).statusCode).toBe(200);
    expect((await act('suspend', { reason: REASON }, target.profileId)).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    // No sign-in attempt in between (a refused one ends her sessions too).
    expect((await act('reactivate', { reason: REASON }, target.profileId)).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('reads as signed out with a session that outlived the suspension', async () => {
    const target = await createBookableProfessional(ctx);
    const me = () => target.pro.request({ method: 'GET', url: '/api/me' });
    expect((await me()).statusCode).toBe(200);
    // Suspended without ending her sessions, as a sign-in racing the operator's action leaves one.
    const userId = (await me()).json().user.id as string;
    await setSuspension({ db: ctx.database.db }, userId, ctx.clock.now(), ctx.clock.now());
    expect((await me()).statusCode).toBe(401);
    await setSuspension({ db: ctx.database.db }, userId, null, ctx.clock.now());
    expect((await me()).statusCode).toBe(200);
  });
});

describe('resending the confirmation e-mail', () => {
  it('queues a new link for an unconfirmed account and refuses a confirmed one', async () => {
    const email = `parada-${Date.now()}@exemplo.com.br`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: nextIp(),
      payload: {
        email,
        password: 'senha-segura-123',
        confirmPassword: 'senha-segura-123',
        businessName: 'Sem Confirmação',
        professionalName: 'Rosa Parada',
      },
    });
    const search = await operator.request({
      method: 'GET',
      url: `/api/admin/professionals?search=${encodeURIComponent(email)}`,
    });
    const id = search.json().professionals[0].id;
    const mails = () =>
      ctx.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email)));
    expect(await mails()).toHaveLength(1);
    const res = await act('resend-confirmation', { reason: 'Não achou o e-mail' }, id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent.map((mail) => mail.text).join()).toContain('/api/auth/verify-email?token=');

    const confirmed = await act('resend-confirmation', { reason: REASON });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe('O e-mail desta conta já foi confirmado.');
  });
});
