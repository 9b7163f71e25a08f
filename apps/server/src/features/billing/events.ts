import type { SubscriptionStatus } from '@agendaki/shared';
import { z } from 'zod';
import type { ProviderEvent } from './provider';

export interface SubscriptionChange {
  status?: SubscriptionStatus;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  trialEnd?: Date;
  customerId?: string;
  subscriptionId?: string;
}

export interface EventRefs {
  /** Our user id, from `client_reference_id` or the metadata we set at checkout. */
  userId?: string;
  subscriptionId?: string;
  customerId?: string;
}

export type Interpretation =
  | { kind: 'unhandled' }
  | {
      kind: 'change';
      refs: EventRefs;
      change: SubscriptionChange;
      /** Starts a (new) provider subscription for the user, replacing a previous one. */
      isNewSubscription: boolean;
      /** A payment failure must not revive a subscription that already ended. */
      keepsEndedStatus: boolean;
    };

const idOrObject = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? undefined)));

const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((value) => value ?? {});

/** Provider times are seconds since the epoch; out-of-range values are a malformed event. */
const epochSeconds = z.number().int().min(0).max(4_102_444_800);

const checkoutSessionSchema = z.object({
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
  customer: idOrObject,
  subscription: idOrObject,
  payment_status: z.string().nullish(),
});

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer: idOrObject,
  metadata,
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: epochSeconds.nullish(),
  trial_end: epochSeconds.nullish(),
  current_period_end: epochSeconds.nullish(),
  items: z
    .object({ data: z.array(z.object({ current_period_end: epochSeconds.nullish() })) })
    .nullish(),
});

const invoiceSchema = z.object({
  customer: idOrObject,
  subscription: idOrObject,
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOrObject, metadata: metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: epochSeconds }).nullish() })) })
    .nullish(),
});

const STATUS_FROM_STRIPE: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  unpaid: 'unpaid',
  // Paused: no invoices, no access, may resume; closest of ours without access.
  paused: 'unpaid',
};

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

function latest(values: Array<number | null | undefined>): number | undefined {
  const numbers = values.filter((value): value is number => typeof value === 'number');
  return numbers.length > 0 ? Math.max(...numbers) : undefined;
}

function fromCheckoutSession(object: unknown): Interpretation {
  const session = checkoutSessionSchema.parse(object);
  if (session.mode !== 'subscription') return { kind: 'unhandled' };
  const isPaid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  return {
    kind: 'change',
    refs: {
      userId: session.client_reference_id ?? session.metadata.userId,
      subscriptionId: session.subscription,
      customerId: session.customer,
    },
    change: {
      customerId: session.customer,
      subscriptionId: session.subscription,
      ...(isPaid ? { status: 'active' as const, cancelAtPeriodEnd: false } : {}),
    },
    isNewSubscription: true,
    keepsEndedStatus: false,
  };
}

function fromSubscription(object: unknown, type: string): Interpretation {
  const subscription = subscriptionSchema.parse(object);
  const periodEnd =
    subscription.current_period_end ??
    latest(subscription.items?.data.map((item) => item.current_period_end) ?? []);
  const isDeleted = type === 'customer.subscription.deleted';
  const status = isDeleted ? 'canceled' : STATUS_FROM_STRIPE[subscription.status];
  return {
    kind: 'change',
    refs: {
      userId: subscription.metadata.userId,
      subscriptionId: subscription.id,
      customerId: subscription.customer,
    },
    change: {
      status,
      customerId: subscription.customer,
      subscriptionId: subscription.id,
      // Newer API versions cancel at the period's end by setting `cancel_at`.
      cancelAtPeriodEnd:
        !isDeleted &&
        (Boolean(subscription.cancel_at_period_end) || subscription.cancel_at != null),
      ...(periodEnd !== undefined ? { currentPeriodEnd: fromSeconds(periodEnd) } : {}),
      // Only a provider-side trial has an end; ours (sign-up) is kept otherwise.
      ...(subscription.trial_end ? { trialEnd: fromSeconds(subscription.trial_end) } : {}),
    },
    isNewSubscription: type === 'customer.subscription.created',
    keepsEndedStatus: false,
  };
}

function fromInvoice(object: unknown, type: string): Interpretation {
  const invoice = invoiceSchema.parse(object);
  const details = invoice.parent?.subscription_details;
  const subscriptionId = details?.subscription ?? invoice.subscription;
  // A one-off invoice is not about the plan.
  if (!subscriptionId) return { kind: 'unhandled' };
  const refs = {
    userId: details?.metadata.userId,
    subscriptionId,
    customerId: invoice.customer,
  };
  if (type === 'invoice.payment_failed') {
    return {
      kind: 'change',
      refs,
      change: { status: 'past_due' },
      isNewSubscription: false,
      keepsEndedStatus: true,
    };
  }
  const periodEnd = latest(invoice.lines?.data.map((line) => line.period?.end) ?? []);
  return {
    kind: 'change',
    refs,
    change: {
      status: 'active',
      ...(periodEnd !== undefined ? { currentPeriodEnd: fromSeconds(periodEnd) } : {}),
    },
    isNewSubscription: false,
    keepsEndedStatus: false,
  };
}

/**
 * What a provider event means for our `subscriptions` row. Pure: the service decides whether it
 * applies (duplicate, stale, someone else's subscription). Read defensively: a webhook
 * endpoint may be pinned to an older Stripe API version, so both the current shape
 * (`items.data[].current_period_end`, `invoice.parent.subscription_details`) and the older
 * one (`current_period_end`, `invoice.subscription`) are understood.
 *
 * Throws a ZodError when a handled event's object is not what the provider documents.
 */
export function interpretEvent(event: ProviderEvent): Interpretation {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckoutSession(object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return fromSubscription(object, event.type);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return fromInvoice(object, event.type);
    default:
      return { kind: 'unhandled' };
  }
}
