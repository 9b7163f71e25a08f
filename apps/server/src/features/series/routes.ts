import {
  seriesChangeResultSchema,
  seriesChangeSchema,
  seriesInputSchema,
  seriesPreviewSchema,
  seriesSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/params';
import * as series from './service';
import type { ManageLinkOf } from './types';

/**
 * Horário fixo from the Agenda (docs/product.md, Horário fixo): the preview of the dates, the
 * save, the series' page and its changes. Every route is the signed-in professional's own:
 * another's series or occurrence answers 404.
 */
export const seriesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  manageLinkOf: ManageLinkOf;
}> = async (app, { db, manageLinkOf }) => {
  const deps = { db, clock: app.clock, manageLinkOf };
  const professionalOf = (request: {
    getProfessional(): { profileId: string; timezone: string };
  }) => {
    const { profileId, timezone } = request.getProfessional();
    return { profileId, timezone };
  };

  app.post(
    '/api/series/preview',
    {
      onRequest: app.requireProfessional,
      schema: { body: seriesInputSchema, response: { 200: seriesPreviewSchema } },
    },
    async (request) => series.previewSeries(deps, professionalOf(request), request.body),
  );

  app.post(
    '/api/series',
    {
      onRequest: app.requireProfessional,
      schema: { body: seriesInputSchema, response: { 201: seriesSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await series.createSeries(deps, professionalOf(request), request.body)),
  );

  app.get(
    '/api/series/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: seriesSchema } },
    },
    async (request) => series.getSeries(deps, professionalOf(request), request.params.id),
  );

  app.post(
    '/api/series/:id/change',
    {
      onRequest: app.requireProfessional,
      schema: {
        params: idParams,
        body: seriesChangeSchema,
        response: { 200: seriesChangeResultSchema },
      },
    },
    async (request) =>
      series.changeSeries(deps, professionalOf(request), request.params.id, request.body),
  );
};
