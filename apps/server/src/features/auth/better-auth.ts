import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { authTables } from './repo';

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
      schema: authTables,
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
