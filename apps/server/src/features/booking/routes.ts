import {
  bookingCodeConfirmSchema,
  bookingCodeSentSchema,
  bookingInputSchema,
  bookingResponseSchema,
  powChallengeSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import { requireBookableProfessional, type PublicReadCache } from '../public-profile/service';
import { rateLimitKey } from '../../plugins/rate-limit';
import { confirmBookingCode, sendBookingCode } from './email-code';
import { BOOKING_LIMIT_SCOPES, BOOKING_LIMITS, requestedProfessional, visitorKey } from './limits';
import { issueChallenge, requireSolvedPow, type PowDifficulty, type PowSecrets } from './pow';
import { type BookingDeps, createBooking } from './service';

/**
 * `POST /api/public/bookings` (docs/product.md section 7, public booking): anonymous, same-origin
 * (plugins/origin-check.ts), counted per address and per address and professional before the
 * body is even validated (features/booking/limits.ts), and only with a solved proof of work
 * (`GET /api/public/booking-challenge`, features/booking/pow.ts). With the professional's
 * "código por e-mail" on, it answers 202 and the booking waits for
 * `POST /api/public/bookings/confirm-code` (features/booking/email-code.ts).
 */
export const bookingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
  publicUrl: string;
  manageKey: Buffer;
  pow: { secrets: PowSecrets; difficulty: PowDifficulty };
  codeKey: Buffer;
  /** The Pix PSP's dynamic charges (features/pix-provider/charge.ts). */
  pix?: BookingDeps['pix'];
  whatsapp?: boolean;
}> = async (app, { db, cache, publicUrl, manageKey, pow, codeKey, pix, whatsapp }) => {
  const powDeps = { ...pow, clock: app.clock, db };
  const bookingDeps = (ip: string) => ({
    db,
    cache,
    clock: app.clock,
    publicUrl,
    manageKey,
    ip,
    pix,
    codeKey,
    whatsapp,
    onBooked: () => app.metrics.bookingCreated(),
  });

  app.get(
    '/api/public/booking-challenge',
    {
      onRequest: async (request) => {
        await app.rateLimiter.consume(
          rateLimitKey(BOOKING_LIMIT_SCOPES.challenges, clientAddressKey(request.ip)),
          BOOKING_LIMITS.challenges,
        );
      },
      schema: { response: { 200: powChallengeSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(powDeps);
    },
  );

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
      schema: {
        body: bookingInputSchema,
        response: { 201: bookingResponseSchema, 202: bookingCodeSentSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await requireSolvedPow(powDeps, input.pow, input.idempotencyKey);
      const deps = bookingDeps(request.ip);
      reply.header('Cache-Control', 'no-store');
      const catalog = await requireBookableProfessional(
        { db, cache },
        input.professionalId,
        app.clock.now(),
        'id',
      );
      if (catalog.profile.bookingEmailCode) {
        await app.rateLimiter.consume(
          rateLimitKey(BOOKING_LIMIT_SCOPES.codesSent, visitorKey(request.ip, catalog.profile.id)),
          BOOKING_LIMITS.codesSent,
        );
        return reply.status(202).send(await sendBookingCode(deps, catalog, input));
      }
      return reply.status(201).send(await createBooking(deps, input));
    },
  );

  app.post(
    '/api/public/bookings/confirm-code',
    {
      onRequest: async (request) => {
        await app.rateLimiter.consume(
          rateLimitKey(BOOKING_LIMIT_SCOPES.codeConfirms, clientAddressKey(request.ip)),
          BOOKING_LIMITS.codeConfirms,
        );
      },
      schema: { body: bookingCodeConfirmSchema, response: { 201: bookingResponseSchema } },
    },
    async (request, reply) => {
      const booking = await confirmBookingCode(bookingDeps(request.ip), request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(booking);
    },
  );
};
