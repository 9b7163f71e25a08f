import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { TestContext } from './app';

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_agendaki',
  STRIPE_WEBHOOK_SECRET: 'whsec_agendaki_test_secret',
  STRIPE_PRICE_ID: 'price_plano_mensal',
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface TestEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** An event as Stripe delivers it; `at` is its `created`. */
export function stripeEvent(type: string, at: Date, object: Record<string, unknown>): TestEvent {
  return { id: newId('evt'), object: 'event', type, created: seconds(at), data: { object } };
}

export interface SubscriptionFields {
  userId?: string;
  subscriptionId: string;
  customerId: string;
  status: string;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
}

/** A subscription object in the current API shape (period on the items). */
export function subscriptionObject(fields: SubscriptionFields): Record<string, unknown> {
  return {
    id: fields.subscriptionId,
    object: 'subscription',
    customer: fields.customerId,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    trial_end: null,
    metadata: fields.userId ? { userId: fields.userId } : {},
    items: { object: 'list', data: [{ current_period_end: seconds(fields.periodEnd) }] },
  };
}

export function checkoutCompletedObject(fields: {
  userId: string;
  subscriptionId: string;
  customerId: string;
}): Record<string, unknown> {
  return {
    id: newId('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: fields.userId,
    metadata: { userId: fields.userId },
    customer: fields.customerId,
    subscription: fields.subscriptionId,
  };
}

export function invoiceObject(fields: {
  subscriptionId: string;
  customerId: string;
  periodEnd: Date;
  userId?: string;
}): Record<string, unknown> {
  return {
    id: newId('in'),
    object: 'invoice',
    customer: fields.customerId,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: fields.subscriptionId,
        metadata: fields.userId ? { userId: fields.userId } : {},
      },
    },
    lines: { object: 'list', data: [{ period: { start: 0, end: seconds(fields.periodEnd) } }] },
  };
}

export function newStripeIds() {
  return { subscriptionId: newId('sub'), customerId: newId('cus') };
}

export interface DeliveryOptions {
  /** When the signature was made; default the app clock's now. */
  signedAt?: Date;
  secret?: string;
  /** Replaces the signed body after signing (a tampered delivery). */
  tamper?: (body: string) => string;
  headers?: Record<string, string>;
}

/** Delivers an event like Stripe does: raw JSON body, `Stripe-Signature` made offline. */
export function deliver(ctx: TestContext, event: TestEvent, options: DeliveryOptions = {}) {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    timestamp: seconds(options.signedAt ?? ctx.clock.now()),
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload: options.tamper ? options.tamper(payload) : payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...options.headers,
    },
  });
}
