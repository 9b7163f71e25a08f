import {
  bookingsWhatsappQuerySchema,
  bookingWhatsappSchema,
  clientWhatsappSchema,
  whatsappSettingsInputSchema,
  whatsappSettingsSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { idParams, isUuid } from '../../lib/params';
import {
  getClientWhatsapp,
  getWhatsappSettings,
  listBookingsWhatsapp,
  saveWhatsappSettings,
} from './service';

/**
 * Configurações > WhatsApp and the professional's view of the messages: the signed-in
 * professional's rows only; another professional's client is simply not found.
 */
export const whatsappRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: WhatsappConfig | null;
}> = async (app, { db, config }) => {
  const deps = { db, clock: app.clock, config };

  app.get(
    '/api/settings/whatsapp',
    { onRequest: app.requireProfessional, schema: { response: { 200: whatsappSettingsSchema } } },
    async (request) => getWhatsappSettings(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/settings/whatsapp',
    {
      onRequest: app.requireProfessional,
      schema: { body: whatsappSettingsInputSchema, response: { 200: whatsappSettingsSchema } },
    },
    async (request) =>
      saveWhatsappSettings(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/clients/:id/whatsapp',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: clientWhatsappSchema } },
    },
    async (request) =>
      getClientWhatsapp(deps, request.getProfessional().profileId, request.params.id),
  );

  app.get(
    '/api/whatsapp/bookings',
    {
      onRequest: app.requireProfessional,
      schema: {
        querystring: bookingsWhatsappQuerySchema,
        response: { 200: z.array(bookingWhatsappSchema) },
      },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(isUuid)
        .slice(0, 200);
      return listBookingsWhatsapp(deps, request.getProfessional().profileId, ids);
    },
  );
};
