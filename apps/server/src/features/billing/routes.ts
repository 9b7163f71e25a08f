import {
  billingSummarySchema,
  billingUrlResponseSchema,
  demoPaymentBodySchema,
  portalRequestSchema,
} from '@agendaki/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Limit } from '../../plugins/rate-limit';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { cancelDemoSubscription, payDemoCheckout } from './demo-checkout';
import * as billing from './service';
import { createStripeProvider, INVALID_SIGNATURE_MESSAGE } from './stripe-provider';

type BillingEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'PLAN_PRICE_CENTS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_ID'
  | 'STRIPE_API_BASE'
>;

/** Stripe when its three settings are present (config/env.ts checks they come together). */
export function createPaymentProvider(env: BillingEnv, app: FastifyInstance): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_ID) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      priceId: env.STRIPE_PRICE_ID,
      planPriceCents: env.PLAN_PRICE_CENTS,
      publicUrl: env.PUBLIC_URL,
      apiBase: env.STRIPE_API_BASE,
      log: app.log.child({ feature: 'billing' }),
    });
  }
  return createLocalProvider({ publicUrl: env.PUBLIC_URL });
}

/** Each page opened at the provider may cost a call to it: a burst is fine, a loop is not. */
const PROVIDER_PAGES_PER_USER: Limit = { max: 20, windowMs: 10 * 60_000 };

const webhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'stale', 'ignored']),
});

/**
 * Assinaturas (docs/product.md sections 2 and 7, docs/product.md, Subscription): the plan and its state,
 * the provider's pages, its webhook and, without provider keys, the demonstration checkout.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; env: BillingEnv }> = async (
  app,
  { db, env },
) => {
  const provider = createPaymentProvider(env, app);
  const deps: billing.BillingDeps = { db, provider, planPriceCents: env.PLAN_PRICE_CENTS };
  const limitProviderPages = (request: FastifyRequest) =>
    app.rateLimiter.consume(
      `billing-pages:${request.getProfessional().userId}`,
      PROVIDER_PAGES_PER_USER,
    );

  app.get(
    '/api/billing',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: billingSummarySchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return billing.getBillingSummary(deps, request.getProfessional().userId, app.clock.now());
    },
  );

  // No access needed: subscribing is how one gets it back.
  app.post(
    '/api/billing/checkout',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: billingUrlResponseSchema } },
    },
    async (request) => {
      await limitProviderPages(request);
      return {
        url: await billing.startCheckout(deps, request.getProfessional(), app.clock.now()),
      };
    },
  );

  app.post(
    '/api/billing/portal',
    {
      onRequest: app.requireProfessional,
      schema: { body: portalRequestSchema, response: { 200: billingUrlResponseSchema } },
    },
    async (request) => {
      await limitProviderPages(request);
      const url = await billing.openPortal(
        deps,
        request.getProfessional(),
        request.body.intent,
        app.clock.now(),
      );
      return { url };
    },
  );

  app.post(
    '/api/billing/demo/pay',
    {
      onRequest: app.requireProfessional,
      schema: { body: demoPaymentBodySchema, response: { 200: billingSummarySchema } },
    },
    async (request) => {
      const { userId } = request.getProfessional();
      await payDemoCheckout(deps, userId, request.body.sessionId, app.clock.now());
      return billing.getBillingSummary(deps, userId, app.clock.now());
    },
  );

  app.post(
    '/api/billing/demo/cancel',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: billingSummarySchema } },
    },
    async (request) => {
      const { userId } = request.getProfessional();
      await cancelDemoSubscription(deps, userId, app.clock.now());
      return billing.getBillingSummary(deps, userId, app.clock.now());
    },
  );

  // The signature covers the exact bytes Stripe sent: this route alone reads JSON as a Buffer.
  // No session and no origin check (`signedWebhook`, plugins/origin-check.ts): the signature is the auth.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/billing/webhook',
      { config: { signedWebhook: true }, schema: { response: { 200: webhookResponse } } },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
        }
        const now = app.clock.now();
        const event = provider.parseWebhook(request.body, request.headers, now);
        const outcome = await billing.applyProviderEvent(db, provider.name, event, now);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'billing event');
        return { received: true as const, outcome };
      },
    );
  });
};
