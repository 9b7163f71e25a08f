import {
  automationSettingsInputSchema,
  automationSettingsSchema,
  birthdayInputSchema,
  clientStorySchema,
  marketingChoiceSchema,
  missingClientSchema,
  missingQuerySchema,
} from '@agendaki/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/params';
import type { SecretBox } from '../../lib/secret-box';
import { listMissing, messageMissingClient } from './missing';
import { renderUnknownLinkPage, renderUnsubscribePage } from './page';
import * as comeback from './service';
import { readUnsubscribeToken } from './unsubscribe';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * Clients who come back (issue 50): Mensagens (the automations), the client's story and her
 * marketing choice, the missing clients; and the public unsubscribe page of every message.
 */
export const comebackRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  unsubscribeKey: Buffer;
  box: SecretBox;
  whatsapp: WhatsappConfig | null;
}> = async (app, options) => {
  const deps: comeback.ComebackDeps = { ...options, clock: app.clock };

  app.get(
    '/api/comeback/settings',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: automationSettingsSchema } },
    },
    async (request) => comeback.getSettings(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/comeback/settings',
    {
      onRequest: app.requireProfessional,
      schema: { body: automationSettingsInputSchema, response: { 200: automationSettingsSchema } },
    },
    async (request) =>
      comeback.saveSettings(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/comeback/clients/:id/story',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: clientStorySchema } },
    },
    async (request) => comeback.getClientStory(deps, request.getProfessional(), request.params.id),
  );

  app.put(
    '/api/comeback/clients/:id/marketing',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: marketingChoiceSchema },
    },
    async (request, reply) => {
      await comeback.recordMarketingChoice(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body.allowed,
        'professional',
      );
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/comeback/clients/:id/birthday',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, body: birthdayInputSchema },
    },
    async (request, reply) => {
      await comeback.setBirthday(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body.birthday,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/comeback/missing',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: missingQuerySchema, response: { 200: z.array(missingClientSchema) } },
    },
    async (request) => listMissing(deps, request.getProfessional(), request.query.days),
  );

  app.post(
    '/api/comeback/missing/:id/message',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await messageMissingClient(deps, request.getProfessional(), request.params.id);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ the public unsubscribe page

  // The page's own form posts `allowed=0|1`; parsed here only (this plugin's scope).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  async function page(token: string) {
    const ids = readUnsubscribeToken(options.unsubscribeKey, token);
    if (!ids) return undefined;
    const profile = await comeback
      .requireProfessional(deps, ids.professionalId)
      .catch(() => undefined);
    if (!profile) return undefined;
    return { ids, profile };
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(body);

  app.get('/descadastro/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await page(request.params.token);
    if (!found) return html(reply, 404, renderUnknownLinkPage());
    const { ids, profile } = found;
    const isOptedOut = await comeback.isOptedOut(options.db, ids.professionalId, ids.clientId);
    return html(
      reply,
      200,
      renderUnsubscribePage({
        businessName: profile.businessName,
        isOptedOut,
        action: request.url,
        justChanged: false,
      }),
    );
  });

  app.post(
    '/descadastro/:token',
    {
      schema: {
        params: tokenParams,
        body: z.object({ allowed: z.enum(['0', '1'], { error: 'Escolha inválida' }) }),
      },
    },
    async (request, reply) => {
      const found = await page(request.params.token);
      if (!found) return html(reply, 404, renderUnknownLinkPage());
      const { ids, profile } = found;
      const allowed = request.body.allowed === '1';
      // A client erased meanwhile is no longer there: the link is then unknown.
      const isRecorded = await comeback
        .recordMarketingChoice(deps, ids.professionalId, ids.clientId, allowed, 'unsubscribe_link')
        .then(() => true)
        .catch(() => false);
      if (!isRecorded) return html(reply, 404, renderUnknownLinkPage());
      return html(
        reply,
        200,
        renderUnsubscribePage({
          businessName: profile.businessName,
          isOptedOut: !allowed,
          action: request.url,
          justChanged: true,
        }),
      );
    },
  );
};
