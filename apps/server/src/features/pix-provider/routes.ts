import { pixProviderCredentialsInputSchema, pixProviderStatusSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit } from '../../plugins/rate-limit';
import * as pixProvider from './service';

/** Each save costs a call to the PSP: a few tries are fine, a loop is not. */
const SAVES_PER_PROFESSIONAL: Limit = { max: 10, windowMs: 10 * 60_000 };

/**
 * Configurações > Pagamentos, "Confirmação automática": the professional's own PSP credentials
 * (docs/decisions/018-pix-provider.md). The signed-in professional's row only; no id in the URL.
 */
export const pixProviderRoutes: FastifyPluginAsyncZod<
  Omit<pixProvider.PixProviderDeps, 'clock'>
> = async (app, options) => {
  const deps: pixProvider.PixProviderDeps = { ...options, clock: app.clock };

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
};
