import {
  customLinkUpdateSchema,
  linkAvailabilityQuerySchema,
  linkAvailabilitySchema,
  meResponseSchema,
  profileSchema,
  profileUpdateSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { UNAUTHORIZED_MESSAGE } from '../../plugins/auth';
import { getSubscriptionView } from '../subscription/service';
import {
  changeCustomLink,
  checkLinkAvailability,
  getProfileByUserId,
  toProfileView,
  updateProfile,
} from './service';

/** The signed-in professional's own profile: read it, edit it, change the public link. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, clock: app.clock };
  /** Who is signed in, their profile and subscription (access computed with the clock). */
  app.get(
    '/api/me',
    { onRequest: app.requireProfessional, schema: { response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const professional = request.getProfessional();
      const profile = await getProfileByUserId(deps, professional.userId);
      if (!profile) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      reply.header('Cache-Control', 'no-store');
      return {
        user: { id: professional.userId, email: professional.email },
        profile: toProfileView(profile),
        subscription: await getSubscriptionView(deps, professional.userId),
      };
    },
  );

  /** Configurações > Negócio. Allowed without subscription access: it is the user's own data. */
  app.patch(
    '/api/profile',
    {
      onRequest: app.requireProfessional,
      schema: { body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => updateProfile(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/profile/link-availability',
    {
      onRequest: app.requireProfessional,
      schema: {
        querystring: linkAvailabilityQuerySchema,
        response: { 200: linkAvailabilitySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return checkLinkAvailability(deps, request.getProfessional().profileId, request.query.link);
    },
  );

  // Editing the link needs subscription access (docs/product.md, Subscription): 403 otherwise.
  app.put(
    '/api/profile/link',
    {
      onRequest: app.requireAccess,
      schema: { body: customLinkUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) =>
      changeCustomLink(deps, request.getProfessional().profileId, request.body.customLink),
  );
};
