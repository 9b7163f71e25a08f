import type { IncomingHttpHeaders } from 'node:http';
import type { BillingProvider, PortalIntent } from '@agendaki/shared';

/** Whom a checkout or portal page is for, with what the provider already knows of them. */
export interface BillingCustomer {
  userId: string;
  email: string;
  customerId: string | null;
  subscriptionId: string | null;
}

/**
 * A provider event in Stripe's webhook shape (`id`, `type`, `created` in Unix seconds,
 * `data.object`). The local provider builds the same objects, so one service applies both.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/**
 * The payment provider adapter (docs/product.md, Subscription): Stripe when its keys are set,
 * otherwise the local demonstration checkout. Pages open in a new tab; the provider reports
 * back through events that `applyProviderEvent` (service.ts) applies.
 */
export interface PaymentProvider {
  readonly name: BillingProvider;
  /** The address of a checkout page for the monthly plan. */
  createCheckout(customer: BillingCustomer): Promise<string>;
  /** The address of the provider's page to manage the subscription or cancel its renewal. */
  createPortal(customer: BillingCustomer, intent: PortalIntent): Promise<string>;
  /**
   * Ends the subscription at the provider now, without a refund or a last invoice: the
   * account is being deleted (docs/decisions/012-lgpd.md). Nothing to end is not an error.
   */
  cancelSubscription(customer: BillingCustomer): Promise<void>;
  /** Verifies a webhook delivery against its RAW body and returns the event; throws 400 if forged or stale. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, receivedAt: Date): ProviderEvent;
}
