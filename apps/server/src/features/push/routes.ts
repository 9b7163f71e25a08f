import {
  pushDeviceInputSchema,
  pushDeviceSchema,
  pushPreferencesSchema,
  pushStatusSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { idParams } from '../../lib/params';
import {
  getPushStatus,
  removeDevice,
  saveDevice,
  sendTestPush,
  updatePreferences,
} from './service';

function parsePreferences(body: unknown) {
  const parsed = pushPreferencesSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  }
  return parsed.data.disabledKinds;
}

/**
 * Configurações > Notificações (issue 48): the server's VAPID key, this browser's subscription
 * and each device's kinds, and the test button. Every device route is the professional's own.
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicKey: string;
  extraOrigins: readonly string[];
}> = async (app, { db, publicKey, extraOrigins }) => {
  const deps = { db, clock: app.clock, publicKey, extraOrigins };

  app.get(
    '/api/push',
    { onRequest: app.requireProfessional, schema: { response: { 200: pushStatusSchema } } },
    async (request) => getPushStatus(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/push/devices',
    {
      onRequest: app.requireProfessional,
      schema: { body: pushDeviceInputSchema, response: { 200: pushDeviceSchema } },
    },
    async (request) => saveDevice(deps, request.getProfessional().profileId, request.body),
  );

  app.patch(
    '/api/push/devices/:id',
    {
      onRequest: app.requireProfessional,
      // The body is read after the device is found: another's device is 404 whatever it says.
      schema: { params: idParams, response: { 200: pushDeviceSchema } },
    },
    async (request) =>
      updatePreferences(deps, request.getProfessional().profileId, request.params.id, () =>
        parsePreferences(request.body),
      ),
  );

  app.delete(
    '/api/push/devices/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await removeDevice(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/push/devices/:id/test',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await sendTestPush(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(202).send({ message: 'Notificação de teste enviada' });
    },
  );
};
