import { availabilityWeekInputSchema, availabilityWeekSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import * as availability from './service';

/** Horário de Atendimento (docs/product.md section 2): the weekly windows, read and replaced whole. */
export const availabilityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db };
  app.get(
    '/api/availability',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: availabilityWeekSchema } },
    },
    async (request) => availability.getWeek(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/availability',
    {
      onRequest: app.requireProfessional,
      schema: { body: availabilityWeekInputSchema, response: { 200: availabilityWeekSchema } },
    },
    async (request) =>
      availability.replaceWeek(deps, request.getProfessional().profileId, request.body),
  );
};
