import {
  appointmentInputSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  appointmentUpdateSchema,
  pageSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import * as appointments from './service';
import { idParams } from '../../lib/params';

/** Agenda (docs/product.md section 2): filtered, paginated appointments and the appointment form. */
export const appointmentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The professional's move or status change, told to the client (app.ts wires it). */
  onChange?: appointments.ProfessionalChangeHook;
}> = async (app, { db, onChange }) => {
  const deps = { db, clock: app.clock };
  app.get(
    '/api/appointments',
    {
      onRequest: app.requireProfessional,
      schema: {
        querystring: appointmentListQuerySchema,
        response: { 200: pageSchema(appointmentSchema) },
      },
    },
    async (request) =>
      appointments.listAppointments(deps, request.getProfessional(), request.query),
  );

  app.get(
    '/api/appointments/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: appointmentSchema } },
    },
    async (request) =>
      appointments.getAppointment(deps, request.getProfessional().profileId, request.params.id),
  );

  app.post(
    '/api/appointments',
    {
      onRequest: app.requireProfessional,
      schema: { body: appointmentInputSchema, response: { 201: appointmentSchema } },
    },
    async (request, reply) => {
      const appointment = await appointments.createAppointment(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(appointment);
    },
  );

  app.patch(
    '/api/appointments/:id',
    {
      onRequest: app.requireProfessional,
      schema: {
        params: idParams,
        body: appointmentUpdateSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) =>
      appointments.updateAppointment(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body,
        onChange,
      ),
  );

  app.delete(
    '/api/appointments/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await appointments.deleteAppointment(
        deps,
        request.getProfessional().profileId,
        request.params.id,
      );
      return reply.status(204).send();
    },
  );
};
