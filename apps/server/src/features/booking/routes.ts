import { bookingInputSchema, bookingResponseSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import type { PublicReadCache } from '../public-profile/service';
import { rateLimitKey } from '../../plugins/rate-limit';
import { BOOKING_LIMIT_SCOPES, BOOKING_LIMITS, requestedProfessional, visitorKey } from './limits';
import { type BookingDeps, createBooking } from './service';

/**
 * `POST /api/public/bookings` (docs/product.md section 7, public booking): anonymous, same-origin
 * (plugins/origin-check.ts), counted per address and per address and professional before the
 * body is even validated (features/booking/limits.ts).
 */
export const bookingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
  publicUrl: string;
  manageKey: Buffer;
  /** The Pix PSP's dynamic charges (features/pix-provider/charge.ts). */
  pix?: BookingDeps['pix'];
}> = async (app, { db, cache, publicUrl, manageKey, pix }) => {
  app.post(
    '/api/public/bookings',
    {
      // Both counters in one statement; a flood refused by the first still counts the second.
      preValidation: async (request) => {
        await app.rateLimiter.consumeAll([
          {
            key: rateLimitKey(BOOKING_LIMIT_SCOPES.perAddress, clientAddressKey(request.ip)),
            limit: BOOKING_LIMITS.perAddress,
          },
          {
            key: rateLimitKey(
              BOOKING_LIMIT_SCOPES.attemptsPerVisitor,
              visitorKey(request.ip, requestedProfessional(request.body)),
            ),
            limit: BOOKING_LIMITS.attemptsPerVisitor,
          },
        ]);
      },
      schema: { body: bookingInputSchema, response: { 201: bookingResponseSchema } },
    },
    async (request, reply) => {
      const booking = await createBooking(
        { db, cache, clock: app.clock, publicUrl, manageKey, ip: request.ip, pix },
        request.body,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(booking);
    },
  );
};
