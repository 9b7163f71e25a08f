import { bookingProtectionSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { getBookingProtection, saveBookingProtection } from '../profile/service';
import type { PublicReadCache } from '../public-profile/service';
import { cancelBurst, listBursts } from './bursts';

const burstParams = z.object({ id: z.string().max(64) });

/**
 * The professional's side of decision 027: Configurações > Agendamento online's hold caps, and
 * the "Agendamentos suspeitos" notice with its "Cancelar todos". Signed-in, scoped by profile.
 */
export const bookingProtectionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
}> = async (app, { db, cache }) => {
  const deps = { db, clock: app.clock, cache };

  app.get(
    '/api/settings/booking-protection',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: bookingProtectionSchema } },
    },
    async (request) => getBookingProtection(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/settings/booking-protection',
    {
      onRequest: app.requireProfessional,
      schema: { body: bookingProtectionSchema, response: { 200: bookingProtectionSchema } },
    },
    async (request) =>
      saveBookingProtection(
        { db, now: app.clock.now() },
        request.getProfessional().profileId,
        request.body,
      ),
  );

  app.get('/api/booking-bursts', { onRequest: app.requireProfessional }, async (request) => {
    const { profileId, timezone } = request.getProfessional();
    return { bursts: await listBursts(deps, profileId, timezone) };
  });

  app.post(
    '/api/booking-bursts/:id/cancel',
    { onRequest: app.requireProfessional, schema: { params: burstParams } },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      return cancelBurst(deps, profileId, timezone, request.params.id);
    },
  );
};
