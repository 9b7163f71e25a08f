import {
  packageActiveSchema,
  packageInputSchema,
  packageSchema,
  packageSessionInputSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/params';
import {
  createPackage,
  listPackages,
  returnSession,
  setPackageActive,
  useSessionNow,
} from './service';

/**
 * Pacotes (docs/decisions/038-money-received.md): the catalogue, and a session of a package
 * used or given back for one appointment from the Agenda. Selling one records a payment, so it
 * is features/payments' route. Everything is the signed-in professional's: another's id is
 * simply not found.
 */
export const packagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, clock: app.clock };

  app.get(
    '/api/packages',
    { onRequest: app.requireProfessional, schema: { response: { 200: z.array(packageSchema) } } },
    async (request) => listPackages(deps, request.getProfessional().profileId),
  );

  app.post(
    '/api/packages',
    {
      onRequest: app.requireProfessional,
      schema: { body: packageInputSchema, response: { 201: packageSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPackage(deps, request.getProfessional().profileId, request.body)),
  );

  app.patch(
    '/api/packages/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: packageActiveSchema, response: { 200: packageSchema } },
    },
    async (request) =>
      setPackageActive(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body.isActive,
      ),
  );

  app.post(
    '/api/appointments/:id/package-session',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: packageSessionInputSchema },
    },
    async (request, reply) => {
      await useSessionNow(deps, request.getProfessional(), {
        appointmentId: request.params.id,
        clientPackageId: request.body.clientPackageId.toLowerCase(),
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/appointments/:id/package-session',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await returnSession(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );
};
