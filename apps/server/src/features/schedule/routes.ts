import {
  addDaysToDate,
  blockInputSchema,
  blockSchema,
  bookingRulesSchema,
  dateExceptionInputSchema,
  dateExceptionSchema,
  holidaysResponseSchema,
  INVALID_DATE_MESSAGE_SCHEDULE,
  isIsoDate,
  scheduleSaveResponseSchema,
  timeOffInputSchema,
  timeOffSchema,
  zonedToday,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { idParams } from '../../lib/params';
import * as schedule from './service';

const dateParams = z.object({ date: z.string() });
const BLOCKS_DEFAULT_DAYS = 90;
const blocksQuery = z.object({
  from: z.string().refine(isIsoDate, INVALID_DATE_MESSAGE_SCHEDULE).optional(),
  to: z.string().refine(isIsoDate, INVALID_DATE_MESSAGE_SCHEDULE).optional(),
});

function requireDate(value: string): string {
  if (!isIsoDate(value)) throw new AppError('BAD_REQUEST', INVALID_DATE_MESSAGE_SCHEDULE);
  return value;
}

/**
 * Horário de Atendimento below the week (exceptions by date, time off, holidays), blocks from
 * the Agenda and Configurações > Agendamento online (docs/decisions/009-real-week.md). Every
 * query is scoped by the signed-in professional: another's id answers 404.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  listLiveAppointments: schedule.LiveAppointmentsLookup;
}> = async (app, { db, listLiveAppointments }) => {
  const deps = { db, clock: app.clock, listLiveAppointments };
  const today = (timezone: string) => zonedToday(app.clock.now(), timezone);

  app.get(
    '/api/availability/exceptions',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: z.array(dateExceptionSchema) } },
    },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      return schedule.listExceptions(deps, profileId, today(timezone));
    },
  );

  app.put(
    '/api/availability/exceptions/:date',
    {
      onRequest: app.requireProfessional,
      schema: {
        params: dateParams,
        body: dateExceptionInputSchema,
        response: { 200: scheduleSaveResponseSchema.extend({ exception: dateExceptionSchema }) },
      },
    },
    async (request) =>
      schedule.saveException(
        deps,
        request.getProfessional().profileId,
        requireDate(request.params.date),
        request.body,
      ),
  );

  app.delete(
    '/api/availability/exceptions/:date',
    { onRequest: app.requireProfessional, schema: { params: dateParams } },
    async (request, reply) => {
      await schedule.removeException(
        deps,
        request.getProfessional().profileId,
        requireDate(request.params.date),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/availability/time-off',
    { onRequest: app.requireProfessional, schema: { response: { 200: z.array(timeOffSchema) } } },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      return schedule.listTimeOff(deps, profileId, today(timezone));
    },
  );

  app.post(
    '/api/availability/time-off',
    {
      onRequest: app.requireProfessional,
      schema: {
        body: timeOffInputSchema,
        response: { 201: scheduleSaveResponseSchema.extend({ timeOff: timeOffSchema }) },
      },
    },
    async (request, reply) => {
      const saved = await schedule.addTimeOff(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/api/availability/time-off/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await schedule.removeTimeOff(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/availability/holidays',
    { onRequest: app.requireProfessional, schema: { response: { 200: holidaysResponseSchema } } },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      return schedule.listHolidays(deps, profileId, today(timezone));
    },
  );

  app.post(
    '/api/availability/holidays/close-national',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: scheduleSaveResponseSchema } },
    },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      return schedule.closeNationalHolidays(deps, profileId, today(timezone));
    },
  );

  app.get(
    '/api/blocks',
    {
      onRequest: app.requireProfessional,
      schema: { querystring: blocksQuery, response: { 200: z.array(blockSchema) } },
    },
    async (request) => {
      const { profileId, timezone } = request.getProfessional();
      const from = request.query.from ?? today(timezone);
      const to = request.query.to ?? addDaysToDate(from, BLOCKS_DEFAULT_DAYS);
      return schedule.listBlocks(deps, profileId, { from, to });
    },
  );

  app.post(
    '/api/blocks',
    {
      onRequest: app.requireProfessional,
      schema: { body: blockInputSchema, response: { 201: blockSchema } },
    },
    async (request, reply) => {
      const block = await schedule.addBlock(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(block);
    },
  );

  app.delete(
    '/api/blocks/:id',
    { onRequest: app.requireProfessional, schema: { params: idParams } },
    async (request, reply) => {
      await schedule.removeBlock(deps, request.getProfessional().profileId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/settings/booking-rules',
    { onRequest: app.requireProfessional, schema: { response: { 200: bookingRulesSchema } } },
    async (request) => schedule.getRules(deps, request.getProfessional().profileId),
  );

  app.put(
    '/api/settings/booking-rules',
    {
      onRequest: app.requireProfessional,
      schema: { body: bookingRulesSchema, response: { 200: bookingRulesSchema } },
    },
    async (request) => schedule.saveRules(deps, request.getProfessional().profileId, request.body),
  );
};
