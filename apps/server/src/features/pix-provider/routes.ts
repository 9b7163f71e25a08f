import { pixProviderCredentialsInputSchema, pixProviderStatusSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { type Limit, rateLimitKey } from '../../plugins/rate-limit';
import { INVALID_SIGNATURE_MESSAGE } from './mercado-pago';
import * as pixProvider from './service';
import { handlePixWebhook, WEBHOOK_OUTCOMES } from './webhook';

/** Each save costs a call to the PSP: a few tries are fine, a loop is not. */
const SAVES_PER_PROFESSIONAL: Limit = { max: 10, windowMs: 10 * 60_000 };

/**
 * Per address: Mercado Pago's servers send every professional's notifications, so the limit is
 * generous; one address hammering forged deliveries is stopped.
 */
const WEBHOOK_LIMIT_SCOPE = 'pix-webhook';
const WEBHOOK_LIMIT: Limit = { max: 600, windowMs: 10 * 60_000 };

const webhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(WEBHOOK_OUTCOMES),
});

/**
 * Configurações > Pagamentos, "Confirmação automática": the professional's own PSP credentials
 * (docs/decisions/018-pix-provider.md). The signed-in professional's row only; no id in the URL.
 */
export const pixProviderRoutes: FastifyPluginAsyncZod<
  Omit<pixProvider.PixProviderDeps, 'clock'>
> = async (app, options) => {
  const deps: pixProvider.PixProviderDeps = { ...options, clock: app.clock };
  const webhookDeps = {
    db: options.db,
    clock: app.clock,
    box: options.box,
    provider: options.provider,
  };

  app.get(
    '/api/settings/payments/psp',
    { onRequest: app.requireProfessional, schema: { response: { 200: pixProviderStatusSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return pixProvider.getProviderStatus(deps, request.getProfessional().profileId);
    },
  );

  app.put(
    '/api/settings/payments/psp',
    {
      onRequest: app.requireProfessional,
      schema: {
        body: pixProviderCredentialsInputSchema,
        response: { 200: pixProviderStatusSchema },
      },
    },
    async (request, reply) => {
      const { profileId } = request.getProfessional();
      await app.rateLimiter.consume(`pix-provider-save:${profileId}`, SAVES_PER_PROFESSIONAL);
      reply.header('Cache-Control', 'no-store');
      return pixProvider.saveCredentials(deps, profileId, request.body);
    },
  );

  app.delete(
    '/api/settings/payments/psp',
    { onRequest: app.requireProfessional, schema: { response: { 200: pixProviderStatusSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return pixProvider.removeCredentials(deps, request.getProfessional().profileId);
    },
  );

  // Mercado Pago's servers, one professional's route each: the signature (that professional's
  // secret) is the auth; no session, no origin check. The raw bytes are kept for the record;
  // Mercado Pago signs the URL's `data.id` and the request id, not the body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/pix/mercadopago/:professionalId',
      {
        config: { signedWebhook: true },
        onRequest: async (request) => {
          await app.rateLimiter.consume(
            rateLimitKey(WEBHOOK_LIMIT_SCOPE, clientAddressKey(request.ip)),
            WEBHOOK_LIMIT,
          );
        },
        schema: {
          params: z.object({ professionalId: z.uuid({ error: INVALID_SIGNATURE_MESSAGE }) }),
          response: { 200: webhookResponse },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
        }
        const outcome = await handlePixWebhook(
          webhookDeps,
          request.params.professionalId.toLowerCase(),
          {
            rawBody: request.body,
            headers: request.headers,
            query: request.query as Record<string, unknown>,
          },
          request.log,
        );
        request.log.info({ outcome }, 'pix webhook');
        return { received: true as const, outcome };
      },
    );
  });
};
