import {
  waitlistAcceptResponseSchema,
  waitlistDayQuerySchema,
  waitlistDaySchema,
  waitlistEntryViewSchema,
  waitlistJoinInputSchema,
  waitlistJoinResponseSchema,
  waitlistManualOfferSchema,
  waitlistPublicSettingsSchema,
  waitlistSettingsSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddressKey } from '../../lib/client-address';
import { isUuid } from '../../lib/params';
import { rateLimitKey, type Limit } from '../../plugins/rate-limit';
import {
  BOOKING_LIMITS,
  requireSolvedPow,
  visitorKey,
  type BookingDeps,
  type PowDifficulty,
  type PowSecrets,
} from '../booking/service';
import { findPublicProfileById } from '../profile/service';
import type { PublicReadCache } from '../public-profile/service';
import {
  acceptOffer,
  declineOffer,
  getSettings,
  joinWaitlist,
  leaveWaitlist,
  listDay,
  offerByHand,
  removeEntry,
  saveSettings,
  viewEntry,
  type WaitlistDeps,
} from './service';

const MINUTE = 60_000;
/** The client's link: reads and taps of an address, as manage links are counted. */
export const WAITLIST_LINK_LIMIT: Limit = { max: 120, windowMs: 10 * MINUTE };
/** Joins of an address, whoever the professional: a form a person sends a few times. */
export const WAITLIST_JOIN_LIMIT: Limit = { max: 20, windowMs: 10 * MINUTE };

const tokenParams = z.object({ token: z.string().max(100) });
const entryParams = z.object({ id: z.string().max(100) });
const professionalParams = z.object({ professionalId: z.string().max(100) });

/**
 * Lista de espera (docs/product.md): the public form and the client's link, anonymous and
 * counted per address; the professional's list, scoped to the signed-in professional.
 */
export const waitlistRoutes: FastifyPluginAsyncZod<
  Omit<WaitlistDeps, 'clock'> & {
    cache: PublicReadCache;
    manageKey: Buffer;
    pow: { secrets: PowSecrets; difficulty: PowDifficulty };
    pix?: BookingDeps['pix'];
  }
> = async (app, { pow, manageKey, pix, ...options }) => {
  const deps = { ...options, clock: app.clock };
  const linkLimit = async (request: { ip: string }) => {
    await app.rateLimiter.consume(
      rateLimitKey('waitlist:link', clientAddressKey(request.ip)),
      WAITLIST_LINK_LIMIT,
    );
  };

  app.get(
    '/api/public/waitlist-settings/:professionalId',
    { schema: { params: professionalParams, response: { 200: waitlistPublicSettingsSchema } } },
    async (request) => {
      const id = request.params.professionalId;
      if (!isUuid(id)) return { enabled: false };
      const profile = await findPublicProfileById({ db: deps.db }, id);
      return { enabled: !!profile && (await getSettings(deps, profile.id)).enabled };
    },
  );

  app.post(
    '/api/public/waitlist',
    {
      preValidation: async (request) => {
        await app.rateLimiter.consumeAll([
          {
            key: rateLimitKey('waitlist:join', clientAddressKey(request.ip)),
            limit: WAITLIST_JOIN_LIMIT,
          },
          {
            key: rateLimitKey(
              'booking:attempts',
              visitorKey(
                request.ip,
                String((request.body as { professionalId?: unknown })?.professionalId ?? ''),
              ),
            ),
            limit: BOOKING_LIMITS.attemptsPerVisitor,
          },
        ]);
      },
      schema: { body: waitlistJoinInputSchema, response: { 201: waitlistJoinResponseSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      await requireSolvedPow(
        { ...pow, clock: app.clock, db: deps.db },
        input.pow,
        input.requestKey,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await joinWaitlist(deps, input, request.ip));
    },
  );

  app.get(
    '/api/public/waitlist/:token',
    {
      onRequest: linkLimit,
      schema: { params: tokenParams, response: { 200: waitlistEntryViewSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return viewEntry(deps, request.params.token);
    },
  );

  app.post(
    '/api/public/waitlist/:token/accept',
    {
      onRequest: linkLimit,
      schema: { params: tokenParams, response: { 201: waitlistAcceptResponseSchema } },
    },
    async (request, reply) => {
      const booking = await acceptOffer(
        { ...deps, manageKey, ip: request.ip, pix },
        request.params.token,
      );
      return reply.status(201).send(booking);
    },
  );

  app.post(
    '/api/public/waitlist/:token/decline',
    {
      onRequest: linkLimit,
      schema: { params: tokenParams, response: { 200: waitlistEntryViewSchema } },
    },
    async (request) => declineOffer(deps, request.params.token),
  );

  app.post(
    '/api/public/waitlist/:token/leave',
    {
      onRequest: linkLimit,
      schema: { params: tokenParams, response: { 200: waitlistEntryViewSchema } },
    },
    async (request) => leaveWaitlist(deps, request.params.token),
  );

  app.get(
    '/api/waitlist/settings',
    { onRequest: app.requireProfessional, schema: { response: { 200: waitlistSettingsSchema } } },
    async (request) => getSettings(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/waitlist/settings',
    {
      onRequest: app.requireProfessional,
      schema: { body: waitlistSettingsSchema, response: { 200: waitlistSettingsSchema } },
    },
    async (request) => saveSettings(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/waitlist',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: waitlistDayQuerySchema, response: { 200: waitlistDaySchema } },
    },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      const profile = await findPublicProfileById({ db: deps.db }, profileId);
      return listDay(deps, profileId, request.query.date, timezone, profile?.businessName ?? '');
    },
  );

  app.post(
    '/api/waitlist/:id/offer',
    {
      onRequest: app.requireProfessional,
      schema: { params: entryParams, body: waitlistManualOfferSchema },
    },
    async (request, reply) => {
      await offerByHand(deps, request.getProfessional().profileId, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/waitlist/:id',
    { onRequest: app.requireProfessional, schema: { params: entryParams } },
    async (request, reply) => {
      await removeEntry(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );
};
