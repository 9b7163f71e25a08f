import { WHATSAPP_WEBHOOK_PATH, whatsappWebhookSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsappConfig } from '../../config/env';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { type Limit, rateLimitKey } from '../../plugins/rate-limit';
import { handleWebhookBody, type InboxDeps } from './service';
import { isSignedByMeta, isVerifyToken } from './signature';

const INVALID_SIGNATURE = 'Assinatura do WhatsApp inválida.';
const INVALID_TOKEN = 'Token de verificação do WhatsApp inválido.';

/** Meta's servers send every answer and status here: generous, yet one address is bounded. */
const WEBHOOK_LIMIT: Limit = { max: 1200, windowMs: 10 * 60_000 };

const verifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * The WhatsApp webhook at one fixed path (docs/decisions/037-whatsapp-cloud-api.md): GET is
 * Meta's verify-token handshake; POST must carry `X-Hub-Signature-256` over the raw body with
 * the app secret. Anything else is 401 and changes nothing. No session and no origin check
 * (`signedWebhook`): the signature is the auth. Without the WhatsApp variables: always 401.
 */
export const whatsappInboxRoutes: FastifyPluginAsyncZod<{
  config: WhatsappConfig | null;
  deps: Omit<InboxDeps, 'clock'>;
}> = async (app, { config, deps: options }) => {
  const deps: InboxDeps = { ...options, clock: app.clock };
  const limit = {
    config: { signedWebhook: true },
    onRequest: async (request: { ip: string }) => {
      await app.rateLimiter.consume(
        rateLimitKey('whatsapp-webhook', clientAddressKey(request.ip)),
        WEBHOOK_LIMIT,
      );
    },
  };

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    { ...limit, schema: { querystring: verifyQuery } },
    async (request, reply) => {
      const query = request.query;
      if (
        !config ||
        query['hub.mode'] !== 'subscribe' ||
        !isVerifyToken(query['hub.verify_token'], config.verifyToken)
      ) {
        throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  );

  // The raw bytes, as Meta signed them: parsed only after the signature checks out.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post(
      WHATSAPP_WEBHOOK_PATH,
      {
        ...limit,
        schema: {
          response: { 200: z.object({ received: z.literal(true), statuses: z.number() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (
          !config ||
          !raw ||
          !isSignedByMeta(raw, request.headers['x-hub-signature-256'], config.appSecret)
        ) {
          throw new AppError('UNAUTHORIZED', INVALID_SIGNATURE);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('BAD_REQUEST', 'Corpo do webhook inválido.');
        }
        const parsed = whatsappWebhookSchema.safeParse(json);
        // Signed but not what we read (another field Meta added): acknowledged, nothing done.
        if (!parsed.success) return { received: true as const, statuses: 0 };
        const result = await handleWebhookBody(deps, parsed.data);
        request.log.info({ ...result.answers, statuses: result.statuses }, 'whatsapp webhook');
        return { received: true as const, statuses: result.statuses };
      },
    );
  });
};
