import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { rateLimitKey } from '../../plugins/rate-limit';
import { disableFeed, getFeedStatus, renderFeed, rotateFeed } from './service';

const MINUTE = 60_000;
/** Calendar apps poll every few hours; a guesser asks thousands of times. */
const FEED_LIMIT = { max: 60, windowMs: 10 * MINUTE };
export const FEED_LIMIT_SCOPE = 'calendar-feed:address';
const NOT_FOUND_MESSAGE = 'Calendário não encontrado';

const fileParams = z.object({ file: z.string().max(200) });

/**
 * Configurações > Calendário and the feed it gives (docs/decisions/014-calendar-and-numbers.md):
 * `/api/settings/calendar-feed` for the signed-in professional, `/ics/<token>.ics` for calendar
 * apps, which carry no session: the token is the only key.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const deps = { db, clock: app.clock, publicUrl };

  app.get(
    '/api/settings/calendar-feed',
    { onRequest: app.requireProfessional, schema: { response: { 200: calendarFeedStatusSchema } } },
    async (request) => getFeedStatus(deps, request.getProfessional().profileId),
  );

  app.post(
    '/api/settings/calendar-feed',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 201: calendarFeedCreatedSchema } },
    },
    async (request, reply) => {
      const created = await rotateFeed(deps, request.getProfessional().profileId);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/settings/calendar-feed',
    { onRequest: app.requireProfessional },
    async (request, reply) => {
      await disableFeed(deps, request.getProfessional().profileId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/ics/:file',
    {
      preValidation: async (request) => {
        await app.rateLimiter.consume(
          rateLimitKey(FEED_LIMIT_SCOPE, clientAddressKey(request.ip)),
          FEED_LIMIT,
        );
      },
      schema: { params: fileParams },
    },
    async (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1] ?? '';
      const body = await renderFeed(deps, token);
      if (body === undefined) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="agendaki.ics"')
        .header('Cache-Control', 'private, no-store')
        .header('X-Robots-Tag', 'noindex')
        .send(body);
    },
  );
};
