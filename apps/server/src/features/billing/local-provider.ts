import { randomBytes } from 'node:crypto';
import type { PortalIntent } from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import type { BillingCustomer, PaymentProvider, ProviderEvent } from './provider';

/**
 * The embedded default when no Stripe keys are set (docs/product.md, Subscription): a page of the
 * web app, clearly marked as a demonstration, plays the provider. Its buttons call
 * /api/billing/demo/{pay,cancel}, which build the very events Stripe's webhooks deliver and
 * feed them to the same service (service.ts `applyProviderEvent`).
 */

/** The demonstration checkout page of the web app (apps/web config/paths.ts). */
const DEMO_CHECKOUT_PAGE = '/checkout/demo';

export function newLocalId(prefix: 'cs' | 'cus' | 'sub' | 'in' | 'evt'): string {
  return `${prefix}_local_${randomBytes(12).toString('hex')}`;
}

export function createLocalProvider(options: { publicUrl: string }): PaymentProvider {
  const page = `${options.publicUrl}${DEMO_CHECKOUT_PAGE}`;
  return {
    name: 'local',
    async createCheckout(_customer: BillingCustomer) {
      return `${page}?session=${newLocalId('cs')}`;
    },
    async createPortal(_customer: BillingCustomer, intent: PortalIntent) {
      return `${page}?intent=${intent}`;
    },
    // The demonstration keeps its subscription only in our own row, which the deletion removes.
    async cancelSubscription(_customer: BillingCustomer) {},
    parseWebhook(): ProviderEvent {
      throw new AppError(
        'NOT_FOUND',
        'Nenhum provedor de pagamento está configurado para receber webhooks.',
      );
    },
  };
}

// -------------------------------------------------- events, in Stripe's shape

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function event(type: string, now: Date, object: Record<string, unknown>): ProviderEvent {
  return { id: newLocalId('evt'), type, created: toSeconds(now), data: { object } };
}

export interface LocalSubscriptionState {
  userId: string;
  customerId: string;
  subscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

function subscriptionObject(state: LocalSubscriptionState) {
  return {
    id: state.subscriptionId,
    object: 'subscription',
    customer: state.customerId,
    status: 'active',
    cancel_at_period_end: state.cancelAtPeriodEnd,
    cancel_at: state.cancelAtPeriodEnd ? toSeconds(state.periodEnd) : null,
    metadata: { userId: state.userId },
    trial_end: null,
    items: {
      object: 'list',
      data: [
        {
          object: 'subscription_item',
          current_period_start: toSeconds(state.periodStart),
          current_period_end: toSeconds(state.periodEnd),
        },
      ],
    },
  };
}

/** What Stripe sends after a paid checkout: the session, the new subscription, its first invoice. */
export function buildPaidCheckoutEvents(
  state: LocalSubscriptionState & { sessionId: string; amountCents: number },
  now: Date,
): ProviderEvent[] {
  return [
    event('checkout.session.completed', now, {
      id: state.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: state.userId,
      metadata: { userId: state.userId },
      customer: state.customerId,
      subscription: state.subscriptionId,
      currency: 'brl',
      amount_total: state.amountCents,
    }),
    event('customer.subscription.created', now, subscriptionObject(state)),
    event('invoice.paid', now, {
      id: newLocalId('in'),
      object: 'invoice',
      customer: state.customerId,
      currency: 'brl',
      amount_paid: state.amountCents,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: state.subscriptionId,
          metadata: { userId: state.userId },
        },
      },
      lines: {
        object: 'list',
        data: [
          {
            object: 'line_item',
            amount: state.amountCents,
            period: { start: toSeconds(state.periodStart), end: toSeconds(state.periodEnd) },
          },
        ],
      },
    }),
  ];
}

/** What Stripe sends when the renewal is cancelled, or resumed, in the portal. */
export function buildSubscriptionUpdatedEvent(
  state: LocalSubscriptionState,
  now: Date,
): ProviderEvent {
  return event('customer.subscription.updated', now, subscriptionObject(state));
}
