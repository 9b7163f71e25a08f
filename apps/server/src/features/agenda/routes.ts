import { agendaCalendarQuerySchema, agendaCalendarSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getAgendaCalendar } from './service';

/** `GET /api/agenda/calendar?from=&to=`: the Agenda's day and week views. */
export const agendaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/agenda/calendar',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: agendaCalendarQuerySchema, response: { 200: agendaCalendarSchema } },
    },
    async (request) =>
      getAgendaCalendar({ db }, request.getProfessional().profileId, request.query),
  );
};
