import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../features/auth/better-auth';
import { AppError } from '../lib/errors';

/** Who is signed in, as other features need it. */
export interface Professional {
  userId: string;
  profileId: string;
  timezone: string;
  email: string;
}

export const UNAUTHORIZED_MESSAGE = 'Faça login para continuar.';
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Sua assinatura não está ativa. Assine para continuar.';

/** better-auth reads the session from the cookie header only. */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent']);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Copies better-auth's Set-Cookie answers (new, refreshed or cleared session) onto the reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** What the plugin asks the features (wired in app.ts: plugins import no feature). */
export interface AuthLookups {
  /** The signed-in user's profile, from features/profile. */
  findProfile(userId: string): Promise<{ id: string; timezone: string } | undefined>;
  /** Whether the subscription gives access at `now`, from features/subscription. */
  hasAccess(userId: string, now: Date): Promise<boolean>;
}

/**
 * Auth for other features (register with `registerAuth` before them):
 *
 * - `preHandler: app.requireProfessional` — answers 401 UNAUTHORIZED "Faça login para continuar."
 *   without a valid session cookie (or without a profile); otherwise `request.getProfessional()`
 *   returns `{ userId, profileId, timezone, email }` in the handler. Scope every query by
 *   `profileId` (= `professional_id`).
 * - `preHandler: app.requireAccess` — the same, then answers 403 SUBSCRIPTION_REQUIRED "Sua
 *   assinatura não está ativa. Assine para continuar." unless the subscription gives access
 *   (active, or trialing before trial_end), computed per request with `app.clock`.
 */
export function registerAuth(app: FastifyInstance, auth: Auth, lookups: AuthLookups): void {
  app.decorate('auth', auth);
  app.decorateRequest('professional', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('getProfessional', function (this: FastifyRequest): Professional {
    if (!this.professional) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    return this.professional;
  });

  async function requireProfessional(request: FastifyRequest, reply: FastifyReply) {
    if (request.professional) return;
    const result = await auth.api.getSession({
      headers: toAuthHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(reply, result.headers);
    const current = result.response;
    if (!current) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    const profile = await lookups.findProfile(current.user.id);
    if (!profile) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    request.sessionToken = current.session.token;
    request.professional = {
      userId: current.user.id,
      profileId: profile.id,
      timezone: profile.timezone,
      email: current.user.email,
    };
  }

  async function requireAccess(request: FastifyRequest, reply: FastifyReply) {
    await requireProfessional(request, reply);
    if (!(await lookups.hasAccess(request.getProfessional().userId, app.clock.now())))
      throw new AppError('SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_MESSAGE);
  }

  app.decorate('requireProfessional', requireProfessional);
  app.decorate('requireAccess', requireAccess);
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    requireProfessional(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAccess(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    professional: Professional | null;
    /** The current session's token, set by `requireProfessional` (to keep it on password change). */
    sessionToken: string | null;
    getProfessional(): Professional;
  }
}
