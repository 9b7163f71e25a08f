import { bookingInputSchema, bookingResponseSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { PublicReadCache } from '../public-profile/cache';
import { rateLimitKey, type Limit } from '../../plugins/rate-limit';
import { createBooking } from './service';

/** Bookings per client address: plenty for a family booking, too few for a script. */
export const BOOKING_LIMIT_PER_IP: Limit = { max: 20, windowMs: 10 * 60_000 };
export const BOOKING_LIMIT_SCOPE = 'booking:ip';

/**
 * `POST /api/public/bookings` (SPEC.md section 7, public booking): anonymous, same-origin
 * (plugins/origin-check.ts), counted per IP before the body is even validated.
 */
export const bookingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
  publicUrl: string;
}> = async (app, { db, cache, publicUrl }) => {
  app.post(
    '/api/public/bookings',
    {
      preValidation: async (request) => {
        await app.rateLimiter.consume(
          rateLimitKey(BOOKING_LIMIT_SCOPE, request.ip),
          BOOKING_LIMIT_PER_IP,
        );
      },
      schema: { body: bookingInputSchema, response: { 201: bookingResponseSchema } },
    },
    async (request, reply) => {
      const booking = await createBooking({ db, cache, clock: app.clock, publicUrl }, request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(booking);
    },
  );
};
