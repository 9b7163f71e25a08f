import { csvExportQuerySchema, reportSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { exportAppointmentsCsv, getReport } from './service';

/** Relatórios and the CSV export (docs/decisions/014-calendar-and-numbers.md). */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, clock: app.clock };

  app.get(
    '/api/reports',
    { onRequest: app.requireProfessional, schema: { response: { 200: reportSchema } } },
    async (request) => getReport(deps, request.getProfessional()),
  );

  app.get(
    '/api/reports/appointments.csv',
    { onRequest: app.requireProfessional, schema: { querystring: csvExportQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await exportAppointmentsCsv(deps, request.getProfessional(), { from, to });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="agendamentos-${from}-a-${to}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );
};
