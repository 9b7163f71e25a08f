import {
  cashDaySchema,
  cashQuerySchema,
  clientMoneySchema,
  clientPackageSchema,
  closingDraftSchema,
  closingInputSchema,
  closingSchema,
  closingSummarySchema,
  packageSaleInputSchema,
  receiptLinkSchema,
  reopenInputSchema,
  settleInputSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { CSV_CONTENT_TYPE } from '../../lib/csv';
import { idParams, isUuid } from '../../lib/params';
import * as payments from './service';

const idsQuery = z.object({
  ids: z
    .string()
    .max(40 * 200)
    .default(''),
});

/**
 * What was really paid (docs/decisions/038-money-received.md): "Concluir e receber", reopening,
 * later payments, the recibo, packages sold, the client's balance and Caixa do dia. Everything is
 * the signed-in professional's: another's id is simply not found.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db, clock: app.clock };
  const auth = { onRequest: app.requireProfessional };

  app.get(
    '/api/appointments/:id/closing',
    { ...auth, schema: { params: idParams, response: { 200: closingDraftSchema } } },
    async (request) => payments.getClosingDraft(deps, request.getProfessional(), request.params.id),
  );

  app.post(
    '/api/appointments/:id/closing',
    {
      ...auth,
      schema: { params: idParams, body: closingInputSchema, response: { 201: closingSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payments.closeAppointment(
            deps,
            request.getProfessional(),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/api/closings/:id/reopen',
    {
      ...auth,
      schema: { params: idParams, body: reopenInputSchema, response: { 200: closingSchema } },
    },
    async (request) =>
      payments.reopenClosing(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/closings/:id/payments',
    {
      ...auth,
      schema: { params: idParams, body: settleInputSchema, response: { 200: closingSchema } },
    },
    async (request) =>
      payments.settleClosing(deps, request.getProfessional(), request.params.id, request.body),
  );

  app.get(
    '/api/closings/:id/receipt',
    { ...auth, schema: { params: idParams, response: { 200: receiptLinkSchema } } },
    async (request) => payments.getReceiptLink(deps, request.getProfessional(), request.params.id),
  );

  app.post(
    '/api/closings/:id/receipt/email',
    { ...auth, schema: { params: idParams } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await payments.mailReceipt(deps, request.getProfessional(), request.params.id)),
  );

  app.get(
    '/api/closings/summary',
    {
      ...auth,
      schema: { querystring: idsQuery, response: { 200: z.array(closingSummarySchema) } },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(isUuid)
        .slice(0, 200);
      return payments.closingSummaries(deps, request.getProfessional().profileId, ids);
    },
  );

  app.get(
    '/api/clients/:id/money',
    { ...auth, schema: { params: idParams, response: { 200: clientMoneySchema } } },
    async (request) => payments.getClientMoney(deps, request.getProfessional(), request.params.id),
  );

  // The Clientes page's cards, one request for the page: other professionals' ids are left out.
  app.get(
    '/api/money/clients',
    {
      ...auth,
      schema: {
        querystring: idsQuery,
        response: { 200: z.array(clientMoneySchema.extend({ clientId: z.string() })) },
      },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(isUuid)
        .slice(0, 100);
      return payments.clientsMoney(deps, request.getProfessional(), ids);
    },
  );

  app.post(
    '/api/clients/:id/packages',
    {
      ...auth,
      schema: {
        params: idParams,
        body: packageSaleInputSchema,
        response: { 201: clientPackageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payments.sellPackageToClient(
            deps,
            request.getProfessional(),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/api/cash',
    { ...auth, schema: { querystring: cashQuerySchema, response: { 200: cashDaySchema } } },
    async (request) => payments.getCashDay(deps, request.getProfessional(), request.query.date),
  );

  app.get(
    '/api/cash.csv',
    { ...auth, schema: { querystring: cashQuerySchema } },
    async (request, reply) => {
      const { date } = request.query;
      const day = await payments.getCashDay(deps, request.getProfessional(), date);
      return reply
        .header('Content-Type', CSV_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="caixa-${date}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(payments.cashDayCsv(day));
    },
  );
};
