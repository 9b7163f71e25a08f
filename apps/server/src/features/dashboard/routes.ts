import { dashboardSummarySchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getDashboardSummary } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dashboard/summary',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: dashboardSummarySchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getDashboardSummary({ db, clock: app.clock }, request.getProfessional());
    },
  );
};
