import { createHmac, timingSafeEqual } from 'node:crypto';
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

/** A session as one lookup reads it: its user, profile and subscription (decision 015). */
export interface SignedIn {
  sessionToken: string;
  expiresAt: Date;
  user: { id: string; email: string };
  /** Null when the user has no profile (refused as signed out). */
  profile: { id: string; timezone: string } | null;
  /** Whether the subscription gives access at `now`, from the state read with the session. */
  hasAccess(now: Date): boolean;
}

/** What the plugin asks the features (wired in app.ts: plugins import no feature). */
export interface AuthLookups {
  /** The session of a token with everything a request needs, in one statement (features/auth). */
  findSignedIn(sessionToken: string): Promise<SignedIn | undefined>;
}

/** What better-auth signs its session cookie with and how it refreshes it (read once). */
interface SessionCookieRules {
  name: string;
  dontRememberName: string;
  key: Buffer;
  expiresInMs: number;
  updateAgeMs: number;
}

/**
 * The token of a session cookie whose signature holds, as better-auth checks it (better-call's
 * signed cookie: `token.base64(HMAC-SHA256(token))`, URI-encoded); undefined otherwise.
 */
function readSignedToken(cookieHeader: string | undefined, rules: SessionCookieRules) {
  if (!cookieHeader) return undefined;
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === rules.name) raw = part.slice(index + 1).trim();
  }
  if (!raw) return undefined;
  let value: string;
  try {
    value = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', rules.key).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
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
 *
 * One statement checks it all (docs/decisions/015): the cookie's signature is verified here, and
 * `lookups.findSignedIn` reads session, user, profile and subscription together, on every
 * request, so an ended session is refused at once on every instance. better-auth's own
 * `getSession` still runs when it has work to do: a session due for its daily refresh, an expired
 * or unknown one (it clears the cookie), a "don't remember me" session.
 */
export function registerAuth(app: FastifyInstance, auth: Auth, lookups: AuthLookups): void {
  app.decorate('auth', auth);
  app.decorateRequest('professional', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('signedIn', null);
  app.decorateRequest('getProfessional', function (this: FastifyRequest): Professional {
    if (!this.professional) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    return this.professional;
  });

  let rules: Promise<SessionCookieRules> | undefined;
  const readRules = () =>
    (rules ??= auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      dontRememberName: context.authCookies.dontRememberToken.name,
      key: Buffer.from(context.secret),
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));

  /** The session as better-auth reads it (refreshing or clearing the cookie), then our lookup. */
  async function readThroughBetterAuth(request: FastifyRequest, reply: FastifyReply) {
    const result = await auth.api.getSession({
      headers: toAuthHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(reply, result.headers);
    const current = result.response;
    return current ? lookups.findSignedIn(current.session.token) : undefined;
  }

  async function requireProfessional(request: FastifyRequest, reply: FastifyReply) {
    if (request.professional) return;
    const cookieRules = await readRules();
    const token = readSignedToken(request.headers.cookie, cookieRules);
    if (!token) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    let signedIn = await lookups.findSignedIn(token);
    // better-auth's clock is the real one (decision 003), so is this check.
    const now = Date.now();
    const isCurrent =
      signedIn !== undefined &&
      signedIn.expiresAt.getTime() > now &&
      signedIn.expiresAt.getTime() - cookieRules.expiresInMs + cookieRules.updateAgeMs > now &&
      !request.headers.cookie?.includes(cookieRules.dontRememberName);
    if (!isCurrent) signedIn = await readThroughBetterAuth(request, reply);
    if (!signedIn?.profile) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    request.sessionToken = signedIn.sessionToken;
    request.signedIn = signedIn;
    request.professional = {
      userId: signedIn.user.id,
      profileId: signedIn.profile.id,
      timezone: signedIn.profile.timezone,
      email: signedIn.user.email,
    };
  }

  async function requireAccess(request: FastifyRequest, reply: FastifyReply) {
    await requireProfessional(request, reply);
    if (!request.signedIn?.hasAccess(app.clock.now()))
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
    /** The session as `requireProfessional` read it (access included). */
    signedIn: SignedIn | null;
    getProfessional(): Professional;
  }
}
