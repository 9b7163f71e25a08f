import multipart from '@fastify/multipart';
import {
  IMAGE_SIZE_DETAIL,
  IMAGE_SIZE_ERROR,
  SERVICE_IMAGE_MAX_BYTES,
  serviceInputSchema,
  serviceListQuerySchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@agendaki/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { readSingleFile } from '../../lib/multipart';
import type { FileStorage } from '../storage/service';
import * as services from './service';
import { idParams } from '../../lib/params';

/** Reads the one uploaded file, refusing more than 5 MB with the form's own message. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  let data: Buffer | undefined;
  try {
    data = await readSingleFile(request);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_ERROR, { description: IMAGE_SIZE_DETAIL });
    }
    throw error;
  }
  if (!data) throw new AppError('BAD_REQUEST', 'Selecione uma imagem para enviar.');
  return data;
}

/** Serviços (docs/product.md section 2): the professional's own services and their images. */
export const servicesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
}> = async (app, { db, storage }) => {
  const deps = { db, storage };
  await app.register(multipart, {
    limits: { fileSize: SERVICE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/api/services',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: serviceListQuerySchema, response: { 200: z.array(serviceSchema) } },
    },
    async (request) =>
      services.listServices(deps, request.getProfessional().profileId, {
        activeOnly: request.query.active,
      }),
  );

  // Creating a service needs subscription access (docs/product.md, Subscription); editing does not.
  app.post(
    '/api/services',
    {
      onRequest: app.requireAccess,
      schema: { body: serviceInputSchema, response: { 201: serviceSchema } },
    },
    async (request, reply) => {
      const service = await services.createService(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(service);
    },
  );

  app.patch(
    '/api/services/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: serviceUpdateSchema, response: { 200: serviceSchema } },
    },
    async (request) =>
      services.updateService(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body,
        app.clock.now(),
      ),
  );

  app.delete(
    '/api/services/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await services.deleteService(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/services/:id/image',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: serviceSchema } },
    },
    async (request) => {
      const data = await readImage(request);
      return services.setServiceImage(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        data,
        app.clock.now(),
      );
    },
  );

  app.delete(
    '/api/services/:id/image',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: serviceSchema } },
    },
    async (request) =>
      services.removeServiceImage(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        app.clock.now(),
      ),
  );
};
