import {
  adminActionResponseSchema,
  adminNumbersSchema,
  adminProfessionalsResponseSchema,
  adminReasonSchema,
  adminSearchSchema,
  auditLogResponseSchema,
  extendTrialSchema,
} from '@agendaki/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { idParams, isUuid } from '../../lib/params';
import type { PublicReadCache } from '../public-profile/service';
import {
  type AdminAction,
  createNumbersService,
  listAuditLog,
  requireOperatorRole,
  runAdminAction,
  searchProfessionals,
} from './service';

/**
 * The operator console's API (/admin, docs/product.md "The operator's side"). Every route
 * wants a session (401 otherwise) whose account holds the operator role (403 otherwise), both
 * checked before the body is read. Nothing here reads a client or an appointment's details.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The public pages' cache: an action clears the professional's entries at once. */
  cache: PublicReadCache;
  publicUrl: string;
  planPriceCents: number;
}> = async (app, options) => {
  const deps = { db: options.db, clock: app.clock, publicUrl: options.publicUrl };
  const numbers = createNumbersService({ ...deps, planPriceCents: options.planPriceCents });
  const requireOperator = async (request: FastifyRequest) => {
    await requireOperatorRole(deps, request.getProfessional().userId);
  };
  const guard = [app.requireProfessional, requireOperator];

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/admin/professionals',
    {
      onRequest: guard,
      schema: {
        querystring: adminSearchSchema,
        response: { 200: adminProfessionalsResponseSchema },
      },
    },
    async (request) => ({
      professionals: await searchProfessionals(deps, request.query.search),
    }),
  );

  app.get(
    '/api/admin/audit-log',
    { onRequest: guard, schema: { response: { 200: auditLogResponseSchema } } },
    async () => ({ entries: await listAuditLog(deps) }),
  );

  app.get(
    '/api/admin/numbers',
    { onRequest: guard, schema: { response: { 200: adminNumbersSchema } } },
    async () => numbers.getNumbers(),
  );

  const act = async (
    request: FastifyRequest,
    rawId: string,
    action: AdminAction,
    reason: string,
  ) => {
    const id = rawId.toLowerCase();
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Profissional não encontrado');
    const operator = request.getProfessional();
    const result = await runAdminAction(
      deps,
      { userId: operator.userId, email: operator.email },
      id,
      action,
      reason,
    );
    // Her public page changes at once here; other instances hear the database's notice.
    options.cache.changed(id, 'all');
    return result;
  };
  const withReason = {
    onRequest: guard,
    schema: {
      params: idParams,
      body: adminReasonSchema,
      response: { 200: adminActionResponseSchema },
    },
  };

  app.post('/api/admin/professionals/:id/resend-confirmation', withReason, (request) =>
    act(request, request.params.id, { kind: 'resend_confirmation' }, request.body.reason),
  );
  app.post(
    '/api/admin/professionals/:id/extend-trial',
    { ...withReason, schema: { ...withReason.schema, body: extendTrialSchema } },
    (request) => {
      const { days, reason } = request.body;
      return act(request, request.params.id, { kind: 'extend_trial', days }, reason);
    },
  );
  app.post('/api/admin/professionals/:id/suspend', withReason, (request) =>
    act(request, request.params.id, { kind: 'suspend' }, request.body.reason),
  );
  app.post('/api/admin/professionals/:id/reactivate', withReason, (request) =>
    act(request, request.params.id, { kind: 'reactivate' }, request.body.reason),
  );
};
