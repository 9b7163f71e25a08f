import type { PortalIntent } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { BillingCustomer, PaymentProvider, ProviderEvent } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** The price the app shows; the Stripe price must charge exactly this (docs/product.md, Subscription). */
  planPriceCents: number;
  publicUrl: string;
  /** Another API address (tests: a stand-in on 127.0.0.1). */
  apiBase?: string;
  log: FastifyBaseLogger;
}

/** Stripe's own limit for a signed delivery's age; older ones may be replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const UNAVAILABLE_MESSAGE =
  'Não foi possível abrir a página de pagamento agora. Tente novamente em instantes.';
const PRICE_MISMATCH_MESSAGE =
  'O pagamento está indisponível no momento: o preço configurado não confere. Tente novamente mais tarde.';
const CANCEL_UNAVAILABLE_MESSAGE =
  'Não foi possível cancelar a assinatura no Stripe agora, e nada foi excluído. Tente novamente em instantes.';
export const INVALID_SIGNATURE_MESSAGE = 'Assinatura do webhook inválida.';

function toConnection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  } as const;
}

/** The web app's Assinaturas page (apps/web config/paths.ts). */
const BILLING_PAGE = '/dashboard/billing';

/**
 * Stripe Checkout (subscription mode, BRL through the price) to subscribe, the Billing Portal
 * to manage or cancel, signed webhooks to learn what happened.
 */
/** Seconds since the epoch, between 2000 and 2100: anything else is not a real event time. */
const eventTimeSchema = z.number().int().min(946_684_800).max(4_102_444_800);

const eventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: eventTimeSchema,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...toConnection(options.apiBase),
  });
  const billingPage = `${options.publicUrl}${BILLING_PAGE}`;
  let priceChecked: Promise<void> | undefined;

  async function call<T>(
    what: string,
    request: () => Promise<T>,
    message = UNAVAILABLE_MESSAGE,
  ): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof AppError) throw error;
      options.log.error({ err: error }, `stripe: ${what} failed`);
      throw new AppError('UNAVAILABLE', message);
    }
  }

  /** Once per process: the price charges what the app shows, monthly, in BRL. */
  function checkPrice(): Promise<void> {
    priceChecked ??= call('price check', async () => {
      const price = await stripe.prices.retrieve(options.priceId);
      const isSame =
        price.currency === 'brl' &&
        price.unit_amount === options.planPriceCents &&
        price.recurring?.interval === 'month' &&
        price.recurring.interval_count === 1;
      if (!isSame) {
        options.log.error(
          {
            priceId: options.priceId,
            currency: price.currency,
            unitAmount: price.unit_amount,
            interval: price.recurring?.interval,
            planPriceCents: options.planPriceCents,
          },
          'stripe: STRIPE_PRICE_ID does not charge PLAN_PRICE_CENTS in BRL per month',
        );
        throw new AppError('UNAVAILABLE', PRICE_MISMATCH_MESSAGE);
      }
    }).catch((error: unknown) => {
      priceChecked = undefined; // asks again next time (the price may have been fixed)
      throw error;
    });
    return priceChecked;
  }

  return {
    name: 'stripe',

    async createCheckout(customer: BillingCustomer) {
      await checkPrice();
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: options.priceId, quantity: 1 }],
          client_reference_id: customer.userId,
          metadata: { userId: customer.userId },
          // Events about the subscription and its invoices name the user too.
          subscription_data: { metadata: { userId: customer.userId } },
          ...(customer.customerId
            ? { customer: customer.customerId }
            : { customer_email: customer.email }),
          locale: 'pt-BR',
          success_url: `${billingPage}?checkout=success`,
          cancel_url: `${billingPage}?checkout=cancelled`,
        }),
      );
      if (!session.url) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      return session.url;
    },

    async createPortal(customer: BillingCustomer, intent: PortalIntent) {
      const customerId = customer.customerId;
      if (!customerId) throw new Error('createPortal needs a provider customer id');
      const cancelFlow =
        intent === 'cancel' && customer.subscriptionId
          ? {
              flow_data: {
                type: 'subscription_cancel' as const,
                subscription_cancel: { subscription: customer.subscriptionId },
                after_completion: {
                  type: 'redirect' as const,
                  redirect: { return_url: billingPage },
                },
              },
            }
          : {};
      const session = await call('portal', () =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: billingPage,
          locale: 'pt-BR',
          ...cancelFlow,
        }),
      );
      return session.url;
    },

    async cancelSubscription(customer: BillingCustomer) {
      const subscriptionId = customer.subscriptionId;
      if (!subscriptionId) return;
      await call(
        'cancel',
        async () => {
          try {
            await stripe.subscriptions.cancel(subscriptionId, {
              invoice_now: false,
              prorate: false,
            });
          } catch (error) {
            // Already cancelled or deleted at Stripe: nothing left to end.
            if ((error as { code?: unknown }).code === 'resource_missing') return;
            throw error;
          }
        },
        CANCEL_UNAVAILABLE_MESSAGE,
      );
    },

    parseWebhook(rawBody, headers, receivedAt): ProviderEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature.length === 0) {
        throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        options.log.warn({ err: error }, 'stripe: webhook refused');
        throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
      }
      // Signed is not the same as well-formed: a bad envelope is the sender's error, not a 500.
      const envelope = eventEnvelopeSchema.safeParse(event);
      if (!envelope.success) {
        throw new AppError('BAD_REQUEST', 'Evento do webhook inválido.');
      }
      return envelope.data;
    },
  };
}
