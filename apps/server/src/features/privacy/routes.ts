import {
  clientExportQuerySchema,
  clientSchema,
  deleteAccountSchema,
  eraseClientSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Scrubber } from '../../db/scrub';
import { idParams } from '../../lib/params';
import { toAuthHeaders } from '../../plugins/auth';
import { createAccountDeletionService } from '../auth/service';
import type { PaymentProvider } from '../billing/service';
import type { FileStorage } from '../storage/service';
import type { SecretBox } from '../../lib/secret-box';
import { accountZip } from './exports';
import { renderPrivacyPage } from './page';
import * as privacy from './service';

/** `attachment` with an ASCII name and its UTF-8 form (RFC 6266). */
function attachment(filename: string): string {
  return `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The date in the professional's zone, for the ZIP's name. */
function zonedDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/**
 * LGPD (docs/decisions/012-lgpd.md): per client "Exportar dados" and "Excluir dados pessoais";
 * for the account "Exportar tudo" and "Excluir minha conta". Everything is scoped to the
 * signed-in professional: another's client answers 404 like an unknown one.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  provider: PaymentProvider;
  publicUrl: string;
  scrubber: Scrubber;
  box: SecretBox;
}> = async (app, { db, storage, provider, publicUrl, scrubber, box }) => {
  const accounts = createAccountDeletionService({
    db,
    auth: app.auth,
    clock: app.clock,
    limiter: app.rateLimiter,
    publicUrl,
  });
  const deps: privacy.PrivacyDeps = {
    db,
    clock: app.clock,
    storage,
    provider,
    accounts,
    log: app.log.child({ feature: 'privacy' }),
    scrubber,
    box,
  };

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  // The privacy notice: static, public, revalidated like every page.
  app.get('/privacidade', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'public, max-age=0, must-revalidate')
      .send(renderPrivacyPage()),
  );

  app.get(
    '/api/clients/:id/export',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, querystring: clientExportQuerySchema },
    },
    async (request, reply) => {
      const file = await privacy.exportClient(
        deps,
        request.getProfessional(),
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.filename))
        .send(file.body);
    },
  );

  app.post(
    '/api/clients/:id/erase',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: eraseClientSchema, response: { 200: clientSchema } },
    },
    async (request) =>
      privacy.eraseClient(
        deps,
        request.getProfessional(),
        request.params.id,
        request.body.confirmName,
      ),
  );

  app.get('/api/account/export', { onRequest: app.requireProfessional }, async (request, reply) => {
    const professional = request.getProfessional();
    const now = app.clock.now();
    const zip = accountZip(
      { db, profileId: professional.profileId, timezone: professional.timezone, publicUrl },
      now,
    );
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        attachment(`agendaki-${zonedDay(now, professional.timezone)}.zip`),
      )
      .send(zip);
  });

  app.post(
    '/api/account/delete',
    { onRequest: app.requireProfessional, schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      const professional = request.getProfessional();
      await privacy.deleteAccount(deps, professional, request.body.password);
      const cookies = await accounts.clearCookies({
        ip: request.ip,
        headers: toAuthHeaders(request),
      });
      app.publicReadCache.changed(professional.profileId, 'all');
      return reply.header('set-cookie', cookies).status(204).send();
    },
  );
};
