import {
  anamnesisAnswerInputSchema,
  anamnesisFormInputSchema,
  anamnesisFormSchema,
  answeredFormSchema,
  bookingFormsSchema,
} from '@agendaki/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { idParams } from '../../lib/params';
import type { SecretBox } from '../../lib/secret-box';
import { type Limit, rateLimitKey } from '../../plugins/rate-limit';
import { getAppointment } from '../appointments/service';
import { bookingOfToken } from '../manage/service';
import * as anamnesis from './service';

const tokenParams = z.object({ token: z.string().max(200) });
/** The client's form on the manage link: a few reads and one sending per visit. */
const ANAMNESIS_LIMIT: Limit = { max: 60, windowMs: 10 * 60_000 };
const ANAMNESIS_LIMIT_SCOPE = 'anamnesis:address';
export const FORM_CLOSED_MESSAGE =
  'A ficha só pode ser respondida antes do horário marcado. Fale com o profissional.';

/**
 * Fichas de anamnese (issue 50): the professional's forms and the answers on an appointment;
 * the client's side on her manage link (anonymous, by its token, rate-limited, `no-store`).
 */
export const anamnesisRoutes: FastifyPluginAsyncZod<{
  db: Db;
  box: SecretBox;
  publicUrl: string;
  key: Buffer;
}> = async (app, { db, box, publicUrl, key }) => {
  const deps: anamnesis.AnamnesisDeps = { db, clock: app.clock, box };
  const manageDeps = { db, clock: app.clock, key, publicUrl };

  app.get(
    '/api/anamnesis/forms',
    {
      onRequest: app.requireProfessional,
      schema: { response: { 200: z.array(anamnesisFormSchema) } },
    },
    async (request) => anamnesis.listForms(deps, request.getProfessional().profileId),
  );

  app.post(
    '/api/anamnesis/forms',
    {
      onRequest: app.requireProfessional,
      schema: { body: anamnesisFormInputSchema, response: { 201: anamnesisFormSchema } },
    },
    async (request, reply) => {
      const form = await anamnesis.saveForm(
        deps,
        request.getProfessional().profileId,
        request.body,
      );
      return reply.status(201).send(form);
    },
  );

  app.put(
    '/api/anamnesis/forms/:id',
    {
      onRequest: app.requireProfessional,
      schema: {
        params: idParams,
        body: anamnesisFormInputSchema,
        response: { 200: anamnesisFormSchema },
      },
    },
    async (request) =>
      anamnesis.saveForm(
        deps,
        request.getProfessional().profileId,
        request.body,
        request.params.id,
      ),
  );

  app.get(
    '/api/anamnesis/appointments/:id',
    {
      onRequest: app.requireProfessional,
      schema: { params: idParams, response: { 200: z.array(answeredFormSchema) } },
    },
    async (request) => {
      const { profileId } = request.getProfessional();
      const appointment = await getAppointment(deps, profileId, request.params.id);
      return anamnesis.answersOfBooking(deps, profileId, appointment.bookingId ?? appointment.id);
    },
  );

  // ------------------------------------------------------------ the client, by her manage link

  const limited = {
    onRequest: async (request: { ip: string }) => {
      await app.rateLimiter.consume(
        rateLimitKey(ANAMNESIS_LIMIT_SCOPE, clientAddressKey(request.ip)),
        ANAMNESIS_LIMIT,
      );
    },
  };

  app.get(
    '/api/public/manage/:token/anamnesis',
    { ...limited, schema: { params: tokenParams, response: { 200: bookingFormsSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const booking = await bookingOfToken(manageDeps, request.params.token);
      // A past or cancelled booking asks for nothing more.
      if (!booking.isAhead) return { consentText: '', forms: [] };
      return anamnesis.formsOfBooking(deps, booking);
    },
  );

  app.post(
    '/api/public/manage/:token/anamnesis',
    { ...limited, schema: { params: tokenParams, body: anamnesisAnswerInputSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const booking = await bookingOfToken(manageDeps, request.params.token);
      if (!booking.isAhead) throw new AppError('CONFLICT', FORM_CLOSED_MESSAGE);
      await anamnesis.answerForm(deps, booking, request.body);
      return reply.status(201).send({ status: 'answered' });
    },
  );
};
