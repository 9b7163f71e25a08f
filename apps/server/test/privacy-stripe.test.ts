import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, user } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';
import {
  checkoutCompletedObject,
  deliver,
  newStripeIds,
  STRIPE_ENV,
  stripeEvent,
  subscriptionObject,
} from './helpers/stripe-events';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in';

/**
 * "Excluir minha conta" ends the subscription at Stripe (docs/decisions/012-lgpd.md), against
 * the local stand-in of Stripe's API: the cancel call is made before anything is deleted, and a
 * refusal by the provider deletes nothing.
 */

const START = '2026-11-21T12:00:00.000Z';
const PASSWORD = 'senha-segura-123';
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

/** A professional with a paid Stripe subscription (the webhook events of a checkout). */
async function subscribedProfessional(): Promise<{
  pro: SignedInProfessional;
  userId: string;
  subscriptionId: string;
}> {
  const pro = await signUpProfessional(ctx);
  const userId: string = (await pro.request({ method: 'GET', url: '/api/me' })).json().user.id;
  const ids = newStripeIds();
  const now = ctx.clock.now();
  const periodEnd = new Date('2026-12-21T12:00:00Z');
  for (const event of [
    stripeEvent('checkout.session.completed', now, checkoutCompletedObject({ ...ids, userId })),
    stripeEvent(
      'customer.subscription.created',
      now,
      subscriptionObject({ ...ids, userId, status: 'active', periodEnd }),
    ),
  ]) {
    expect((await deliver(ctx, event)).statusCode).toBe(200);
  }
  return { pro, userId, subscriptionId: ids.subscriptionId };
}

const deleteAccount = (pro: SignedInProfessional) =>
  pro.request({ method: 'POST', url: '/api/account/delete', payload: { password: PASSWORD } });

const userExists = async (userId: string) =>
  (await ctx.database.db.select().from(user).where(eq(user.id, userId))).length > 0;

describe('Excluir minha conta with Stripe', () => {
  it('cancels the subscription at Stripe, then deletes the account', async () => {
    const { pro, userId, subscriptionId } = await subscribedProfessional();
    const res = await deleteAccount(pro);
    expect(res.statusCode, res.body).toBe(204);
    const cancel = stripe.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancel).toHaveLength(1);
    expect(cancel[0]!.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`);
    expect(await userExists(userId)).toBe(false);
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    ).toEqual([]);
  });

  it('goes on when Stripe no longer knows the subscription', async () => {
    const { pro, userId, subscriptionId } = await subscribedProfessional();
    stripe.missingSubscriptions.add(subscriptionId);
    expect((await deleteAccount(pro)).statusCode).toBe(204);
    expect(await userExists(userId)).toBe(false);
  });

  it('deletes nothing when Stripe refuses to cancel, and says so in pt-BR', async () => {
    const { pro, userId, subscriptionId } = await subscribedProfessional();
    stripe.failingSubscriptions.add(subscriptionId);
    const res = await deleteAccount(pro);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/cancelar a assinatura.*nada foi excluído/);
    expect(await userExists(userId)).toBe(true);
    expect((await pro.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('asks nothing of Stripe for an account that never subscribed', async () => {
    const pro = await signUpProfessional(ctx);
    const before = stripe.requests.length;
    expect((await deleteAccount(pro)).statusCode).toBe(204);
    expect(stripe.requests.length).toBe(before);
  });
});
