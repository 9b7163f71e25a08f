import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/config/env';
import { billingEvents, subscriptions } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';
import {
  checkoutCompletedObject,
  deliver,
  invoiceObject,
  newStripeIds,
  STRIPE_ENV,
  stripeEvent,
  subscriptionObject,
} from './helpers/stripe-events';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in';

/**
 * The Stripe adapter against a local stand-in of Stripe's API (127.0.0.1, never the internet);
 * webhook signatures are made offline with Stripe's own `generateTestHeaderString`.
 */

const START = '2026-11-21T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ctx = await createTestApp({
    now: START,
    env: { ...STRIPE_ENV, STRIPE_API_BASE: stripe.url, PUBLIC_URL: 'https://agendaki.test' },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

interface Pro extends SignedInProfessional {
  userId: string;
}

async function freshProfessional(): Promise<Pro> {
  ctx.clock.set(START);
  const pro = await signUpProfessional(ctx);
  const me = (await pro.request({ method: 'GET', url: '/api/me' })).json();
  return Object.assign(pro, { userId: me.user.id as string });
}

const getBilling = async (pro: Pro) =>
  (await pro.request({ method: 'GET', url: '/api/billing' })).json();
const getMeSubscription = async (pro: Pro) =>
  (await pro.request({ method: 'GET', url: '/api/me' })).json().subscription;

async function subscriptionRow(pro: Pro) {
  const [row] = await ctx.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, pro.userId));
  return row!;
}

/** Delivers the events of a paid checkout, all `created` at `when`. */
async function subscribe(pro: Pro, when = ctx.clock.now(), periodEnd = at('2026-12-21T12:00:00Z')) {
  const ids = newStripeIds();
  for (const event of [
    stripeEvent(
      'checkout.session.completed',
      when,
      checkoutCompletedObject({ ...ids, userId: pro.userId }),
    ),
    stripeEvent(
      'customer.subscription.created',
      when,
      subscriptionObject({ ...ids, userId: pro.userId, status: 'active', periodEnd }),
    ),
    stripeEvent('invoice.paid', when, invoiceObject({ ...ids, periodEnd, userId: pro.userId })),
  ]) {
    const res = await deliver(ctx, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
  }
  return ids;
}

describe('configuration', () => {
  it('takes the three Stripe settings together, or none', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(EnvError);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: obrigatório junto com STRIPE_SECRET_KEY/,
    );
    expect(() => loadEnv({ ...STRIPE_ENV, STRIPE_PRICE_ID: 'prod_x' })).toThrow(
      /STRIPE_PRICE_ID: deve ser o id de um preço do Stripe/,
    );
    expect(loadEnv(STRIPE_ENV).STRIPE_PRICE_ID).toBe('price_plano_mensal');
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('reports the provider', async () => {
    const pro = await freshProfessional();
    expect(await getBilling(pro)).toMatchObject({ provider: 'stripe', planPriceCents: 1500 });
  });
});

describe('checkout and portal', () => {
  it('opens Stripe Checkout in subscription mode for the configured price', async () => {
    const pro = await freshProfessional();
    stripe.requests.length = 0;
    const res = await pro.request({ method: 'POST', url: '/api/billing/checkout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const price = stripe.requests.find((r) => r.path === '/v1/prices/price_plano_mensal');
    expect(price?.method).toBe('GET');
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.authorization).toBe('Bearer sk_test_agendaki');
    expect(Object.fromEntries(created.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_plano_mensal',
      'line_items[0][quantity]': '1',
      client_reference_id: pro.userId,
      'metadata[userId]': pro.userId,
      'subscription_data[metadata][userId]': pro.userId,
      customer_email: pro.email,
      locale: 'pt-BR',
      success_url: 'https://agendaki.test/dashboard/billing?checkout=success',
      cancel_url: 'https://agendaki.test/dashboard/billing?checkout=cancelled',
    });

    // The price was checked once for this process.
    await pro.request({ method: 'POST', url: '/api/billing/checkout' });
    expect(stripe.requests.filter((r) => r.path.startsWith('/v1/prices/'))).toHaveLength(1);
  });

  it('has no portal before a paid checkout, then manage and cancel open the Billing Portal', async () => {
    const pro = await freshProfessional();
    const before = await pro.request({
      method: 'POST',
      url: '/api/billing/portal',
      payload: { intent: 'manage' },
    });
    expect(before.statusCode).toBe(409);

    const ids = await subscribe(pro);
    stripe.requests.length = 0;
    const manage = await pro.request({
      method: 'POST',
      url: '/api/billing/portal',
      payload: { intent: 'manage' },
    });
    expect(manage.statusCode, manage.body).toBe(200);
    expect(manage.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(Object.fromEntries(stripe.requests[0]!.form)).toEqual({
      customer: ids.customerId,
      return_url: 'https://agendaki.test/dashboard/billing',
      locale: 'pt-BR',
    });

    const cancel = await pro.request({
      method: 'POST',
      url: '/api/billing/portal',
      payload: { intent: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(Object.fromEntries(stripe.requests[1]!.form)).toMatchObject({
      customer: ids.customerId,
      'flow_data[type]': 'subscription_cancel',
      'flow_data[subscription_cancel][subscription]': ids.subscriptionId,
    });

    // Already active: a second checkout is refused; the demonstration routes are off.
    const checkout = await pro.request({ method: 'POST', url: '/api/billing/checkout' });
    expect(checkout.statusCode).toBe(409);
    const demo = await pro.request({ method: 'POST', url: '/api/billing/demo/pay', payload: {} });
    expect(demo.statusCode).toBe(404);
  });

  it('a subscriber who cancelled the renewal resumes it in the portal, not in a new checkout', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro);
    ctx.clock.advance(60_000);
    await deliver(
      ctx,
      stripeEvent(
        'customer.subscription.updated',
        ctx.clock.now(),
        subscriptionObject({
          ...ids,
          userId: pro.userId,
          status: 'active',
          periodEnd: at('2026-12-21T12:00:00Z'),
          cancelAtPeriodEnd: true,
        }),
      ),
    );
    stripe.requests.length = 0;
    const res = await pro.request({ method: 'POST', url: '/api/billing/checkout' });
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.requests.map((r) => r.path)).toEqual(['/v1/billing_portal/sessions']);
  });
});

describe('price check', () => {
  it('refuses to open a checkout whose Stripe price differs from the shown one', async () => {
    const other = await createTestApp({
      now: START,
      database: ctx.database,
      env: {
        ...STRIPE_ENV,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: 'https://agendaki.test',
        PLAN_PRICE_CENTS: '1700',
      },
    });
    try {
      const pro = await signUpProfessional(other);
      const res = await pro.request({ method: 'POST', url: '/api/billing/checkout' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'O pagamento está indisponível no momento: o preço configurado não confere. Tente novamente mais tarde.',
      );
    } finally {
      await other.close();
    }
  });
});

describe('webhook signatures', () => {
  it('applies a validly signed event, from any origin, without a session', async () => {
    const pro = await freshProfessional();
    const ids = newStripeIds();
    const res = await deliver(
      ctx,
      stripeEvent(
        'checkout.session.completed',
        ctx.clock.now(),
        checkoutCompletedObject({ ...ids, userId: pro.userId }),
      ),
      { headers: { origin: 'https://stripe.com' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await subscriptionRow(pro)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerCustomerId: ids.customerId,
      providerSubscriptionId: ids.subscriptionId,
    });
  });

  it.each([
    ['another secret', { secret: 'whsec_someone_else' }],
    ['a body changed after signing', { tamper: (b: string) => b.replace('"paid"', '"unpaid"') }],
    ['no signature header', { headers: { 'stripe-signature': '' } }],
    ['a garbled header', { headers: { 'stripe-signature': 't=abc,v1=123' } }],
    ['a stale timestamp (10 minutes old)', { signedAt: at('2026-11-21T11:50:00Z') }],
  ])('refuses %s with 400, changing nothing', async (_name, options) => {
    const pro = await freshProfessional();
    const event = stripeEvent(
      'checkout.session.completed',
      ctx.clock.now(),
      checkoutCompletedObject({ ...newStripeIds(), userId: pro.userId }),
    );
    const res = await deliver(ctx, event, options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Assinatura do webhook inválida.',
    });
    expect((await subscriptionRow(pro)).status).toBe('trialing');
    const recorded = await ctx.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(recorded).toEqual([]);
  });

  it('accepts a signature made up to 5 minutes ago', async () => {
    const pro = await freshProfessional();
    const event = stripeEvent(
      'checkout.session.completed',
      ctx.clock.now(),
      checkoutCompletedObject({ ...newStripeIds(), userId: pro.userId }),
    );
    const res = await deliver(ctx, event, { signedAt: at('2026-11-21T11:55:30Z') });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: 'id=evt_1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-signature': 't=1,v1=x',
      },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('webhook idempotency and order', () => {
  it('applies a replayed event (same id) once', async () => {
    const pro = await freshProfessional();
    const ids = newStripeIds();
    const event = stripeEvent(
      'customer.subscription.updated',
      ctx.clock.now(),
      subscriptionObject({
        ...ids,
        userId: pro.userId,
        status: 'active',
        periodEnd: at('2026-12-21T12:00:00Z'),
      }),
    );
    expect((await deliver(ctx, event)).json().outcome).toBe('applied');

    // Something else changes the row meanwhile; the replay must not undo it.
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'past_due', lastEventAt: null })
      .where(eq(subscriptions.userId, pro.userId));
    ctx.clock.advance(60_000);
    const replay = await deliver(ctx, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await subscriptionRow(pro)).status).toBe('past_due');
    const recorded = await ctx.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      outcome: 'applied',
      userId: pro.userId,
      provider: 'stripe',
    });
  });

  it('ignores an event older than the last applied one (out of order)', async () => {
    const pro = await freshProfessional();
    const ids = newStripeIds();
    const base = { ...ids, userId: pro.userId, periodEnd: at('2026-12-21T12:00:00Z') };
    const earlier = stripeEvent(
      'customer.subscription.updated',
      at('2026-11-21T11:58:00Z'),
      subscriptionObject({ ...base, status: 'active' }),
    );
    const later = stripeEvent(
      'customer.subscription.updated',
      at('2026-11-21T11:59:00Z'),
      subscriptionObject({ ...base, status: 'past_due' }),
    );
    expect((await deliver(ctx, later)).json().outcome).toBe('applied');
    expect((await deliver(ctx, earlier)).json().outcome).toBe('stale');
    expect(await subscriptionRow(pro)).toMatchObject({
      status: 'past_due',
      lastEventAt: at('2026-11-21T11:59:00Z'),
    });
    expect(await getBilling(pro)).toMatchObject({ status: 'past_due', hasAccess: false });
  });

  it('ignores a late event about a previous subscription of the user', async () => {
    const pro = await freshProfessional();
    const old = await subscribe(pro, at('2026-11-21T11:00:00Z'));
    const current = await subscribe(pro, at('2026-11-21T11:30:00Z'));
    expect(current.subscriptionId).not.toBe(old.subscriptionId);
    const lateDeletion = stripeEvent(
      'customer.subscription.deleted',
      at('2026-11-21T11:45:00Z'),
      subscriptionObject({
        ...old,
        userId: pro.userId,
        status: 'canceled',
        periodEnd: at('2026-12-21T11:00:00Z'),
      }),
    );
    expect((await deliver(ctx, lateDeletion)).json().outcome).toBe('ignored');
    expect(await subscriptionRow(pro)).toMatchObject({
      status: 'active',
      providerSubscriptionId: current.subscriptionId,
    });
  });

  it('finds the user by the stored subscription id when metadata is missing', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro, at('2026-11-21T11:00:00Z'));
    const failed = stripeEvent('invoice.payment_failed', at('2026-11-21T11:10:00Z'), {
      ...invoiceObject({ ...ids, periodEnd: at('2026-12-21T12:00:00Z') }),
    });
    expect((await deliver(ctx, failed)).json().outcome).toBe('applied');
    expect(await getBilling(pro)).toMatchObject({ status: 'past_due', hasAccess: false });
  });

  it('records events it has nothing to do with as ignored', async () => {
    const unknownUser = stripeEvent(
      'customer.subscription.updated',
      ctx.clock.now(),
      subscriptionObject({
        ...newStripeIds(),
        userId: 'nao-existe',
        status: 'active',
        periodEnd: at('2026-12-21T12:00:00Z'),
      }),
    );
    expect((await deliver(ctx, unknownUser)).json().outcome).toBe('ignored');
    const other = stripeEvent('customer.created', ctx.clock.now(), { id: 'cus_1' });
    expect((await deliver(ctx, other)).json().outcome).toBe('ignored');
    expect((await deliver(ctx, other)).json().outcome).toBe('duplicate');
    const malformed = stripeEvent('customer.subscription.updated', ctx.clock.now(), {
      id: 42,
    });
    const res = await deliver(ctx, malformed);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Evento de pagamento em formato inesperado.');
  });
});

describe('subscription states → access, /api/billing and /api/me (banner fields)', () => {
  it('trialing: access with days left before trial_end, none after', async () => {
    const pro = await freshProfessional();
    ctx.clock.set('2026-11-27T18:00:00.000Z');
    expect(await getBilling(pro)).toMatchObject({
      status: 'trialing',
      isTrial: true,
      hasAccess: true,
      trialDaysLeft: 1,
    });
    ctx.clock.set('2026-11-28T12:00:00.001Z');
    const expired = { status: 'trialing', isTrial: false, isActive: false, hasAccess: false };
    expect(await getBilling(pro)).toMatchObject({ ...expired, trialDaysLeft: 0 });
    expect(await getMeSubscription(pro)).toMatchObject(expired);
  });

  it('active: access and days to the next charge, renewed by invoice.paid', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro);
    const active = { status: 'active', isActive: true, hasAccess: true, renewalDaysLeft: 30 };
    expect(await getBilling(pro)).toMatchObject({
      ...active,
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
    });
    expect(await getMeSubscription(pro)).toMatchObject(active);

    ctx.clock.set('2026-12-21T12:05:00.000Z');
    const renewal = stripeEvent(
      'invoice.paid',
      ctx.clock.now(),
      invoiceObject({ ...ids, periodEnd: at('2027-01-21T12:00:00Z') }),
    );
    expect((await deliver(ctx, renewal)).json().outcome).toBe('applied');
    expect(await getBilling(pro)).toMatchObject({
      status: 'active',
      currentPeriodEnd: '2027-01-21T12:00:00.000Z',
      renewalDaysLeft: 31,
    });
  });

  it('past_due: no access until paid again', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro);
    ctx.clock.set('2026-12-21T13:00:00.000Z');
    await deliver(
      ctx,
      stripeEvent(
        'invoice.payment_failed',
        ctx.clock.now(),
        invoiceObject({ ...ids, periodEnd: at('2027-01-21T12:00:00Z') }),
      ),
    );
    const pastDue = { status: 'past_due', isActive: false, isTrial: false, hasAccess: false };
    expect(await getBilling(pro)).toMatchObject({ ...pastDue, renewalDaysLeft: 0 });
    expect(await getMeSubscription(pro)).toMatchObject(pastDue);
    const refused = await pro.request({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Corte', price: 40, durationMinutes: 30 },
    });
    expect(refused.statusCode).toBe(403);
    // "Assinar Agora" sends a past-due subscriber to fix the payment, not to pay twice.
    stripe.requests.length = 0;
    await pro.request({ method: 'POST', url: '/api/billing/checkout' });
    expect(stripe.requests.map((r) => r.path)).toEqual(['/v1/billing_portal/sessions']);

    ctx.clock.advance(DAY);
    await deliver(
      ctx,
      stripeEvent(
        'invoice.paid',
        ctx.clock.now(),
        invoiceObject({ ...ids, periodEnd: at('2027-01-21T12:00:00Z') }),
      ),
    );
    expect(await getBilling(pro)).toMatchObject({ status: 'active', hasAccess: true });
  });

  it('canceled (subscription deleted): no access; a payment failure does not revive it', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro);
    ctx.clock.advance(DAY);
    await deliver(
      ctx,
      stripeEvent(
        'customer.subscription.deleted',
        ctx.clock.now(),
        subscriptionObject({ ...ids, status: 'canceled', periodEnd: at('2026-12-21T12:00:00Z') }),
      ),
    );
    ctx.clock.advance(60_000);
    await deliver(
      ctx,
      stripeEvent(
        'invoice.payment_failed',
        ctx.clock.now(),
        invoiceObject({ ...ids, periodEnd: at('2027-01-21T12:00:00Z') }),
      ),
    );
    const canceled = { status: 'canceled', isActive: false, hasAccess: false };
    expect(await getBilling(pro)).toMatchObject({ ...canceled, cancelAtPeriodEnd: false });
    expect(await getMeSubscription(pro)).toMatchObject(canceled);
  });

  it('cancelled at period end: access until then, no charge due, then canceled', async () => {
    const pro = await freshProfessional();
    const ids = await subscribe(pro);
    ctx.clock.set('2026-11-25T12:00:00.000Z');
    // Newer API versions set `cancel_at` instead of `cancel_at_period_end`.
    const updated = subscriptionObject({
      ...ids,
      userId: pro.userId,
      status: 'active',
      periodEnd: at('2026-12-21T12:00:00Z'),
    });
    updated.cancel_at = Math.floor(at('2026-12-21T12:00:00Z').getTime() / 1000);
    await deliver(ctx, stripeEvent('customer.subscription.updated', ctx.clock.now(), updated));
    expect(await getBilling(pro)).toMatchObject({
      status: 'active',
      hasAccess: true,
      cancelAtPeriodEnd: true,
      renewalDaysLeft: 0,
    });
    expect(await getMeSubscription(pro)).toMatchObject({
      isActive: true,
      hasAccess: true,
      renewalDaysLeft: 0,
    });
    ctx.clock.set('2026-12-21T12:00:00.000Z');
    expect(await getBilling(pro)).toMatchObject({ status: 'canceled', hasAccess: false });
    expect(await getMeSubscription(pro)).toMatchObject({ status: 'canceled', hasAccess: false });
  });

  it('understands the older API shape (period on the subscription, invoice.subscription)', async () => {
    const pro = await freshProfessional();
    const ids = newStripeIds();
    const legacy = {
      id: ids.subscriptionId,
      object: 'subscription',
      customer: ids.customerId,
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: Math.floor(at('2026-12-21T12:00:00Z').getTime() / 1000),
      metadata: { userId: pro.userId },
    };
    await deliver(ctx, stripeEvent('customer.subscription.created', ctx.clock.now(), legacy));
    await deliver(
      ctx,
      stripeEvent('invoice.paid', ctx.clock.now(), {
        id: 'in_legacy',
        object: 'invoice',
        customer: ids.customerId,
        subscription: ids.subscriptionId,
        lines: {
          data: [
            { period: { start: 0, end: Math.floor(at('2026-12-22T12:00:00Z').getTime() / 1000) } },
          ],
        },
      }),
    );
    expect(await getBilling(pro)).toMatchObject({
      status: 'active',
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
      renewalDaysLeft: 31,
    });
  });
});
