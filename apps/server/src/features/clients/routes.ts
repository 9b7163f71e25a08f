import {
  clientInputSchema,
  clientListItemSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
  pageSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import * as clients from './service';
import { idParams } from '../../lib/params';

/** Clientes (docs/product.md section 2): searchable, paginated list and the client form. */
/**
 * The card's no-show count is a subquery of features/appointments, which imports this feature:
 * app.ts passes it in.
 */
export const clientsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  noShowCountOf: clients.NoShowCountOf;
}> = async (app, { db, noShowCountOf }) => {
  const deps = { db, clock: app.clock };
  app.get(
    '/api/clients',
    {
      onRequest: app.requireProfessional,
      schema: {
        querystring: clientListQuerySchema,
        response: { 200: pageSchema(clientListItemSchema) },
      },
    },
    async (request) => {
      const professionalId = request.getProfessional().profileId;
      // The card counts the client's no-shows in the page's own statement.
      return clients.listClients(deps, professionalId, request.query, noShowCountOf);
    },
  );

  app.get(
    '/api/clients/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: clientSchema } },
    },
    async (request) =>
      clients.getClient(deps, request.getProfessional().profileId, request.params.id),
  );

  app.post(
    '/api/clients',
    {
      onRequest: app.requireProfessional,
      schema: { body: clientInputSchema, response: { 201: clientSchema } },
    },
    async (request, reply) => {
      const client = await clients.createClient(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(client);
    },
  );

  app.patch(
    '/api/clients/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: clientUpdateSchema, response: { 200: clientSchema } },
    },
    async (request) =>
      clients.updateClient(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/clients/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await clients.deleteClient(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );
};
