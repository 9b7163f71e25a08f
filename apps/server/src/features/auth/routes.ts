import type { SecretBox } from '../../lib/secret-box';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInLinkSchema,
  signInResponseSchema,
  signInSchema,
  signUpSchema,
} from '@agendaki/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { forwardCookies, toAuthHeaders } from '../../plugins/auth';
import { createPasswordService } from './password-service';
import { createAuthService, type RequestMeta } from './service';
import { createSignInLinkService } from './sign-in-link-service';

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, headers: toAuthHeaders(request) };
}

/**
 * The accounts API (our façade over better-auth). Bodies are the shared zod schemas the web
 * forms use; errors are AppErrors with pt-BR messages.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  box: SecretBox;
  publicUrl: string;
}> = async (app, options) => {
  const deps = {
    db: options.db,
    auth: app.auth,
    clock: app.clock,
    limiter: app.rateLimiter,
    publicUrl: options.publicUrl,
  };
  const accounts = createAuthService(deps);
  const passwords = createPasswordService({ ...deps, box: options.box });
  const signInLinks = createSignInLinkService({ ...deps, box: options.box });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/auth/sign-up',
    { schema: { body: signUpSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => {
      await accounts.signUp(request.body, metaOf(request));
      return reply.status(201).send({ message: 'Verifique seu email para confirmar a conta' });
    },
  );

  app.get(
    '/api/auth/verify-email',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const token = request.query.token;
      const isVerified = token ? await accounts.verifyEmail(token) : false;
      return reply.redirect(`/auth?verified=${isVerified ? 1 : 0}`, 302);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { schema: { body: resendVerificationSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.resendVerification(request.body.email, metaOf(request));
      return {
        message:
          'Se o email estiver cadastrado e ainda não confirmado, enviaremos um novo link de confirmação.',
      };
    },
  );

  app.post(
    '/api/auth/sign-in',
    { schema: { body: signInSchema, response: { 200: signInResponseSchema } } },
    async (request, reply) => {
      const { user, cookies } = await accounts.signIn(request.body, metaOf(request));
      reply.header('set-cookie', cookies);
      return { user };
    },
  );

  app.post(
    '/api/auth/sign-in-link',
    { schema: { body: signInLinkSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await signInLinks.requestLink(request.body.email, metaOf(request));
      return {
        message:
          'Se o email estiver cadastrado, enviaremos um link de acesso. Ele vale por 15 minutos.',
      };
    },
  );

  app.get(
    '/api/auth/sign-in-link',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const token = request.query.token;
      const cookies = token ? await signInLinks.signInWithLink(token) : undefined;
      if (!cookies) return reply.redirect('/auth?link=0', 302);
      reply.header('set-cookie', cookies);
      return reply.redirect('/dashboard', 302);
    },
  );

  app.post('/api/auth/sign-out', async (request, reply) => {
    forwardCookies(reply, await accounts.signOut(metaOf(request)));
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await passwords.requestReset(request.body.email, metaOf(request));
      return { message: 'Verifique sua caixa de entrada para redefinir a senha' };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await passwords.resetPassword(request.body, metaOf(request));
      return { message: 'Senha redefinida. Entre com a nova senha.' };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      onRequest: app.requireProfessional,
      schema: { body: changePasswordSchema, response: { 200: changePasswordResponseSchema } },
    },
    async (request) => {
      const calendarFeed = await passwords.changePassword(
        request.getProfessional(),
        request.sessionToken!,
        request.body,
      );
      return { message: 'Senha atualizada', calendarFeed };
    },
  );
};
