import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * The local demonstration checkout (no Stripe keys): the page's "Pagar" and "Cancelar
 * assinatura" drive the same event path as Stripe's webhooks; access follows the fake clock.
 */

const START = '2026-11-21T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: START, env: { PLAN_PRICE_CENTS: '1700' } });
});
afterAll(async () => {
  await ctx.close();
});

async function freshProfessional(): Promise<SignedInProfessional> {
  ctx.clock.set(START);
  return signUpProfessional(ctx);
}

const getBilling = async (pro: SignedInProfessional) =>
  (await pro.request({ method: 'GET', url: '/api/billing' })).json();
const getMe = async (pro: SignedInProfessional) =>
  (await pro.request({ method: 'GET', url: '/api/me' })).json();
const post = (pro: SignedInProfessional, url: string, payload: object = {}) =>
  pro.request({ method: 'POST', url, payload });

async function userIdOf(pro: SignedInProfessional): Promise<string> {
  return (await getMe(pro)).user.id;
}

describe('GET /api/billing', () => {
  it('shows the one configured price, the trial and the local provider', async () => {
    const pro = await freshProfessional();
    const res = await pro.request({ method: 'GET', url: '/api/billing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      planName: 'Plano Mensal',
      planPriceCents: 1700,
      status: 'trialing',
      isActive: false,
      isTrial: true,
      hasAccess: true,
      trialEnd: '2026-11-28T12:00:00.000Z',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      memberSince: START,
      trialDaysLeft: 7,
      renewalDaysLeft: 0,
      provider: 'local',
    });
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.planPriceCents).toBe(1700);
  });

  it('needs a session for every billing route', async () => {
    for (const [method, url] of [
      ['GET', '/api/billing'],
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/portal'],
      ['POST', '/api/billing/demo/pay'],
      ['POST', '/api/billing/demo/cancel'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Faça login para continuar.');
    }
  });
});

describe('local checkout', () => {
  it('"Assinar Agora" answers the demonstration page of the web app', async () => {
    const pro = await freshProfessional();
    const res = await post(pro, '/api/billing/checkout');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ctx.env.PUBLIC_URL}/checkout/demo`);
    expect(url.searchParams.get('session')).toMatch(/^cs_local_[0-9a-f]{24}$/);
  });

  it('"Pagar" makes it active, next charge in one month, through the event path', async () => {
    const pro = await freshProfessional();
    const checkout = new URL((await post(pro, '/api/billing/checkout')).json().url);
    const sessionId = checkout.searchParams.get('session')!;

    const paid = await post(pro, '/api/billing/demo/pay', { sessionId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'active',
      isActive: true,
      isTrial: false,
      hasAccess: true,
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      renewalDaysLeft: 30,
      trialEnd: '2026-11-28T12:00:00.000Z',
    });
    expect((await getMe(pro)).subscription).toMatchObject({
      status: 'active',
      isActive: true,
      hasAccess: true,
      renewalDaysLeft: 30,
    });

    const userId = await userIdOf(pro);
    const events = await ctx.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.userId, userId));
    expect(events.map((e) => [e.type, e.outcome, e.provider]).sort()).toEqual([
      ['checkout.session.completed', 'applied', 'local'],
      ['customer.subscription.created', 'applied', 'local'],
      ['invoice.paid', 'applied', 'local'],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(row).toMatchObject({ provider: 'local', status: 'active' });
    expect(row!.providerCustomerId).toMatch(/^cus_local_/);
    expect(row!.providerSubscriptionId).toMatch(/^sub_local_/);

    // Days count down with the clock; paying twice is refused.
    ctx.clock.advance(10 * DAY);
    expect(await getBilling(pro)).toMatchObject({ renewalDaysLeft: 20, hasAccess: true });
    const again = await post(pro, '/api/billing/demo/pay', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Sua assinatura já está ativa. Use "Gerenciar Assinatura" para alterá-la.',
    );
    const checkoutAgain = await post(pro, '/api/billing/checkout');
    expect(checkoutAgain.statusCode).toBe(409);
  });

  it('refuses a session id it did not make', async () => {
    const pro = await freshProfessional();
    const res = await post(pro, '/api/billing/demo/pay', { sessionId: 'cs_live_roubado' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sessão de pagamento inválida.');
    expect((await getBilling(pro)).status).toBe('trialing');
  });

  it('pays after the trial ended: access comes back at once', async () => {
    const pro = await freshProfessional();
    ctx.clock.set('2026-12-01T09:00:00.000Z');
    expect(await getBilling(pro)).toMatchObject({
      status: 'trialing',
      isTrial: false,
      hasAccess: false,
    });
    const refused = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Corte', price: 40, durationMinutes: 30 },
    });
    expect(refused.statusCode).toBe(403);

    expect((await post(pro, '/api/billing/demo/pay', {})).statusCode).toBe(200);
    expect(await getBilling(pro)).toMatchObject({
      status: 'active',
      hasAccess: true,
      currentPeriodEnd: '2027-01-01T09:00:00.000Z',
      renewalDaysLeft: 31,
    });
    const created = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Corte', price: 40, durationMinutes: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('local portal and cancellation', () => {
  it('has nothing to manage or cancel before paying', async () => {
    const pro = await freshProfessional();
    const manage = await post(pro, '/api/billing/portal', { intent: 'manage' });
    expect(manage.statusCode).toBe(409);
    expect(manage.json().message).toBe(
      'Você ainda não tem uma assinatura paga. Use "Assinar Agora" para assinar.',
    );
    const cancel = await post(pro, '/api/billing/demo/cancel');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('Não há pagamento recorrente ativo para cancelar.');
    const badIntent = await post(pro, '/api/billing/portal', { intent: 'delete' });
    expect(badIntent.statusCode).toBe(400);
    expect(badIntent.json().message).toBe('Escolha entre gerenciar ou cancelar a assinatura.');
  });

  it('cancel keeps access until the period ends, then it is canceled without a restart', async () => {
    const pro = await freshProfessional();
    await post(pro, '/api/billing/demo/pay', {});

    const portal = await post(pro, '/api/billing/portal', { intent: 'cancel' });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe(`${ctx.env.PUBLIC_URL}/checkout/demo?intent=cancel`);
    const manage = await post(pro, '/api/billing/portal', { intent: 'manage' });
    expect(manage.json().url).toBe(`${ctx.env.PUBLIC_URL}/checkout/demo?intent=manage`);

    ctx.clock.advance(5 * DAY);
    const cancelled = await post(pro, '/api/billing/demo/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'active',
      isActive: true,
      hasAccess: true,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
      // No charge is due any more.
      renewalDaysLeft: 0,
    });
    expect((await getMe(pro)).subscription).toMatchObject({
      status: 'active',
      hasAccess: true,
      renewalDaysLeft: 0,
    });
    expect((await post(pro, '/api/billing/demo/cancel')).statusCode).toBe(409);

    // One millisecond before the end: still in; at the end: out, existing data still readable.
    ctx.clock.set('2026-12-21T11:59:59.999Z');
    expect(await getBilling(pro)).toMatchObject({ status: 'active', hasAccess: true });
    ctx.clock.set('2026-12-21T12:00:00.000Z');
    expect(await getBilling(pro)).toMatchObject({
      status: 'canceled',
      isActive: false,
      hasAccess: false,
      cancelAtPeriodEnd: false,
      renewalDaysLeft: 0,
    });
    expect((await getMe(pro)).subscription).toMatchObject({
      status: 'canceled',
      hasAccess: false,
    });
    const refused = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Escova', price: 30, durationMinutes: 30 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await pro.request({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);

    // Subscribing again starts a new period.
    expect((await post(pro, '/api/billing/demo/pay', {})).statusCode).toBe(200);
    expect(await getBilling(pro)).toMatchObject({
      status: 'active',
      hasAccess: true,
      currentPeriodEnd: '2027-01-21T12:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
  });

  it('"Pagar" after cancelling, before the end, resumes the same period', async () => {
    const pro = await freshProfessional();
    await post(pro, '/api/billing/demo/pay', {});
    await post(pro, '/api/billing/demo/cancel');
    // "Assinar Agora" leads to the page where the renewal is resumed, not to a second payment.
    const checkout = await post(pro, '/api/billing/checkout');
    expect(checkout.json().url).toBe(`${ctx.env.PUBLIC_URL}/checkout/demo?intent=manage`);

    const resumed = await post(pro, '/api/billing/demo/pay', {});
    expect(resumed.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
      renewalDaysLeft: 30,
    });
  });

  it('has no webhook without a provider', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: { id: 'evt_1', type: 'invoice.paid' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'Nenhum provedor de pagamento está configurado para receber webhooks.',
    );
  });
});

describe('access without a subscription (docs/product.md, Subscription)', () => {
  it('creating a service is refused once the trial ended; reading still works', async () => {
    const pro = await freshProfessional();
    const service = { name: 'Manicure', price: 35, durationMinutes: 45 };
    const created = await pro.request({ method: 'POST', url: '/api/services', payload: service });
    expect(created.statusCode).toBe(201);

    ctx.clock.set('2026-11-28T11:59:59.999Z');
    expect((await getBilling(pro)).hasAccess).toBe(true);
    ctx.clock.set('2026-11-28T12:00:00.000Z');
    const refused = await pro.request({ method: 'POST', url: '/api/services', payload: service });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Sua assinatura não está ativa. Assine para continuar.',
    });
    const list = await pro.request({ method: 'GET', url: '/api/services' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Manicure']);
    expect(await getBilling(pro)).toMatchObject({
      status: 'trialing',
      isTrial: false,
      hasAccess: false,
      trialDaysLeft: 0,
    });
  });
});
