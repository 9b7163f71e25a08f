import {
  bookingDaysQuerySchema,
  bookingDaysResponseSchema,
  bookingSlotsQuerySchema,
  bookingSlotsResponseSchema,
  PROFESSIONAL_NOT_FOUND_MESSAGE,
  publicProfessionalResponseSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PublicReadCache } from './cache';
import { getPublicProfessional, listBookableDays, listPublicSlots } from './service';

const params = z.object({ identifier: z.string() });

/**
 * The public booking page's reads (docs/product.md section 7, public booking), without a session.
 * Answers change with every booking, so browsers and proxies keep nothing (`no-store`); this
 * process keeps the database reads behind them until PostgreSQL says they changed (cache.ts).
 */
export const publicProfileRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
}> = async (app, { db, cache }) => {
  const reads = { db, cache };
  app.get(
    '/api/public/professionals/:identifier',
    { schema: { params, response: { 200: publicProfessionalResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const data = await getPublicProfessional(reads, request.params.identifier, app.clock.now());
      if (!data) throw new AppError('NOT_FOUND', PROFESSIONAL_NOT_FOUND_MESSAGE);
      return data;
    },
  );

  app.get(
    '/api/public/professionals/:identifier/slots',
    {
      schema: {
        params,
        querystring: bookingSlotsQuerySchema,
        response: { 200: bookingSlotsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listPublicSlots(reads, request.params.identifier, request.query, app.clock.now());
    },
  );

  app.get(
    '/api/public/professionals/:identifier/days',
    {
      schema: {
        params,
        querystring: bookingDaysQuerySchema,
        response: { 200: bookingDaysResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listBookableDays(reads, request.params.identifier, request.query, app.clock.now());
    },
  );
};
