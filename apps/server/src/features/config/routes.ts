import { PLAN_NAME, PRODUCT_NAME, TRIAL_DAYS, type PublicConfig } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';

const publicConfigResponse = z.object({
  productName: z.string(),
  planName: z.string(),
  planPriceCents: z.number().int(),
  trialDays: z.number().int(),
  isDemoEnabled: z.boolean(),
}) satisfies z.ZodType<PublicConfig>;

/** What the web app may know of the server's configuration: the one plan price, the trial, the demo. */
export const configRoutes: FastifyPluginAsyncZod<{
  env: Pick<Env, 'PLAN_PRICE_CENTS' | 'DEMO_DATA'>;
}> = async (app, { env }) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: publicConfigResponse } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return {
        productName: PRODUCT_NAME,
        planName: PLAN_NAME,
        planPriceCents: env.PLAN_PRICE_CENTS,
        trialDays: TRIAL_DAYS,
        isDemoEnabled: env.DEMO_DATA,
      };
    },
  );
};
