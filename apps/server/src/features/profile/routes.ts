import { meResponseSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { UNAUTHORIZED_MESSAGE } from '../../plugins/auth';
import { getSubscriptionView } from '../subscription/service';
import { getProfileByUserId, toProfileView } from './service';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Who is signed in, their profile and subscription (access computed with the clock). */
  app.get(
    '/api/me',
    { onRequest: app.requireProfessional, schema: { response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const professional = request.getProfessional();
      const profile = await getProfileByUserId(db, professional.userId);
      if (!profile) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      reply.header('Cache-Control', 'no-store');
      return {
        user: { id: professional.userId, email: professional.email },
        profile: toProfileView(profile),
        subscription: await getSubscriptionView(db, professional.userId, app.clock.now()),
      };
    },
  );
};
