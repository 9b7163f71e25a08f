import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import { account, appSettings, session, user, verification } from '../db/schema';
import { getProfileByUserId } from '../features/profile/service';
import { getAccessForUser } from '../features/subscription/service';
import { AppError } from '../lib/errors';

/**
 * Sessions through better-auth (STACK.md): it hashes passwords, creates sessions, signs the
 * session cookie and revokes sessions. Its own HTTP routes are not mounted: our façade under
 * /api/auth (features/auth) calls `auth.api.*` server functions, so every rule (transactions,
 * outbox, rate limits, pt-BR messages) stays ours.
 */
export function createAuth(options: { env: Env; db: Db; secret: string; log: FastifyBaseLogger }) {
  const { env, db, log } = options;
  return betterAuth({
    appName: 'Agendaki',
    secret: options.secret,
    baseURL: env.PUBLIC_URL,
    // Never served (see above); a path of our own so nothing collides with the façade.
    basePath: '/api/_better-auth',
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 100,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'agendaki',
      // httpOnly and SameSite=Lax always; Secure whenever the public address is https.
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Our own counters in PostgreSQL apply (plugins/rate-limit.ts); better-auth's would be per process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Failed logins are ours to count; only better-auth's real errors reach the log.
    logger: {
      level: 'error',
      log: (level, message, ...args) => log[level]({ source: 'better-auth', args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const SECRET_KEY = 'auth_secret';

/**
 * AUTH_SECRET from the environment, else one generated once and kept in `app_settings`: the
 * first instance to start writes it, every other instance reads the same value.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  return row!.value;
}

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
export async function registerAuth(
  app: FastifyInstance,
  options: { env: Env; db: Db },
): Promise<void> {
  const { db } = options;
  const secret = await resolveAuthSecret(db, options.env.AUTH_SECRET);
  const auth = createAuth({ env: options.env, db, secret, log: app.log });
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
    const profile = await getProfileByUserId(db, current.user.id);
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
    const access = await getAccessForUser(db, request.getProfessional().userId, app.clock.now());
    if (!access.hasAccess)
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
