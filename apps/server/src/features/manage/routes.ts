import {
  afterBookingSettingsSchema,
  manageRescheduleInputSchema,
  manageSkipInputSchema,
  manageSlotsQuerySchema,
  manageViewSchema,
  tomorrowRemindersSchema,
  whatsappReminderSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import { idParams } from '../../lib/params';
import type { Limit } from '../../plugins/rate-limit';
import { rateLimitKey } from '../../plugins/rate-limit';
import type { PublicReadCache } from '../public-profile/service';
import * as manage from './service';

const MINUTE = 60_000;

/**
 * Every manage-link request of an address, the page's own reads included: a client opening
 * their link, browsing a few dates and acting stays far below; guessing tokens stops here.
 */
export const MANAGE_LIMIT: Limit = { max: 120, windowMs: 10 * MINUTE };
export const MANAGE_LIMIT_SCOPE = 'manage:address';

const tokenParams = z.object({ token: z.string() });
const afterBookingSettingsResponse = z.object({
  cancelCutoffHours: z.number(),
  reminderHours: z.number(),
  clientEmailRequired: z.boolean(),
  bookingEmailCode: z.boolean(),
  whatsappTemplate: z.string().nullable(),
  address: z.string().nullable(),
});

/**
 * The client's manage link (`/api/public/manage/:token…`, anonymous, rate-limited per address,
 * `no-store`) and the professional's side: settings, "Lembrar pelo WhatsApp" and its sent mark,
 * "Lembretes de amanhã" (docs/decisions/013-after-the-booking.md).
 */
export const manageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: PublicReadCache;
  publicUrl: string;
  key: Buffer;
  noticeWindowMs?: number;
}> = async (app, { db, cache, publicUrl, key, noticeWindowMs }) => {
  const deps = { db, cache, clock: app.clock, publicUrl, key, noticeWindowMs };
  const limited = {
    onRequest: async (request: { ip: string }) => {
      await app.rateLimiter.consume(
        rateLimitKey(MANAGE_LIMIT_SCOPE, clientAddressKey(request.ip)),
        MANAGE_LIMIT,
      );
    },
  };

  app.get(
    '/api/public/manage/:token',
    { ...limited, schema: { params: tokenParams, response: { 200: manageViewSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.getManageView(deps, request.params.token);
    },
  );

  app.get(
    '/api/public/manage/:token/slots',
    {
      ...limited,
      schema: {
        params: tokenParams,
        querystring: manageSlotsQuerySchema,
        response: { 200: z.object({ date: z.string(), slots: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.listRescheduleSlots(deps, request.params.token, request.query.date);
    },
  );

  app.get(
    '/api/public/manage/:token/ics',
    { ...limited, schema: { params: tokenParams } },
    async (request, reply) => {
      const ics = await manage.getManageIcs(deps, request.params.token);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="agendamento.ics"')
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );

  app.post(
    '/api/public/manage/:token/confirm',
    { ...limited, schema: { params: tokenParams, response: { 200: manageViewSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.confirmByToken(deps, request.params.token);
    },
  );

  app.post(
    '/api/public/manage/:token/cancel',
    { ...limited, schema: { params: tokenParams, response: { 200: manageViewSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.cancelByToken(deps, request.params.token);
    },
  );

  app.post(
    '/api/public/manage/:token/skip',
    {
      ...limited,
      schema: {
        params: tokenParams,
        body: manageSkipInputSchema,
        response: { 200: manageViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.skipByToken(deps, request.params.token, request.body);
    },
  );

  app.post(
    '/api/public/manage/:token/reschedule',
    {
      ...limited,
      schema: {
        params: tokenParams,
        body: manageRescheduleInputSchema,
        response: { 200: manageViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manage.rescheduleByToken(deps, request.params.token, request.body);
    },
  );

  // ------------------------------------------------ the professional

  app.get(
    '/api/settings/after-booking',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: afterBookingSettingsResponse } },
    },
    async (request) => manage.getAfterBookingSettings(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/settings/after-booking',
    {
      onRequest: app.requireProfessional,
      schema: {
        body: afterBookingSettingsSchema,
        response: { 200: afterBookingSettingsResponse },
      },
    },
    async (request) =>
      manage.saveAfterBookingSettings(deps, request.getProfessional().profileId, request.body),
  );

  app.get(
    '/api/appointments/:id/whatsapp',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: whatsappReminderSchema } },
    },
    async (request) =>
      manage.getWhatsappReminder(deps, request.getProfessional().profileId, request.params.id),
  );

  app.put(
    '/api/appointments/:id/whatsapp-sent',
    {
      onRequest: app.requireProfessional,
      schema: {
        params: idParams,
        body: z.object(
          { sent: z.boolean({ error: 'Valor inválido' }) },
          { error: 'Dados inválidos.' },
        ),
        response: { 200: whatsappReminderSchema },
      },
    },
    async (request) =>
      manage.markWhatsappSent(
        deps,
        request.getProfessional().profileId,
        request.params.id,
        request.body.sent,
      ),
  );

  app.get(
    '/api/dashboard/whatsapp-reminders',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: tomorrowRemindersSchema } },
    },
    async (request) => manage.listTomorrowReminders(deps, request.getProfessional().profileId),
  );
};
