import {
  DEPOSIT_NOT_FOUND_MESSAGE,
  depositOverviewSchema,
  DEPOSIT_STATUSES,
  paymentSettingsSchema,
  paymentSettingsViewSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import {
  confirmDeposit,
  getDepositOverview,
  getPaymentSettings,
  listDepositsOfBookings,
  savePaymentSettings,
} from './service';

const bookingParams = z.object({ bookingId: z.string().max(100) });
const bookingsQuery = z.object({
  ids: z
    .string()
    .max(40 * 200)
    .default(''),
});
const bookingDepositSchema = z.object({
  bookingId: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  amountCents: z.number().int(),
  deadline: z.string(),
});

/**
 * Configurações > Pagamentos and the professional's side of the sinal
 * (docs/decisions/017-pix-sinal.md). Everything is scoped to the signed-in professional: another
 * professional's booking is simply not found.
 */
export const depositsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, clock: app.clock };

  app.get(
    '/api/settings/payments',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: paymentSettingsViewSchema } },
    },
    async (request) => getPaymentSettings(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/settings/payments',
    {
      onRequest: app.requireProfessional,
      schema: { body: paymentSettingsSchema, response: { 200: paymentSettingsViewSchema } },
    },
    async (request) => savePaymentSettings(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/deposits',
    { onRequest: app.requireProfessional, schema: { response: { 200: depositOverviewSchema } } },
    async (request) => getDepositOverview(deps, request.getProfessional().profileId),
  );

  app.get(
    '/api/deposits/bookings',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: bookingsQuery, response: { 200: z.array(bookingDepositSchema) } },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(isUuid)
        .slice(0, 200);
      return listDepositsOfBookings(deps, request.getProfessional().profileId, ids);
    },
  );

  /** "Sinal recebido". */
  app.post(
    '/api/deposits/:bookingId/confirm',
    { onRequest: app.requireProfessional, schema: { params: bookingParams } },
    async (request) => {
      const { bookingId } = request.params;
      if (!isUuid(bookingId)) throw new AppError('NOT_FOUND', DEPOSIT_NOT_FOUND_MESSAGE);
      return confirmDeposit(deps, {
        professionalId: request.getProfessional().profileId,
        bookingId: bookingId.toLowerCase(),
        source: 'manual',
      });
    },
  );
};
