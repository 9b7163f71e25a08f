import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origins our own pages are served from: PUBLIC_URL, plus its loopback aliases in local use. */
export function getAllowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.has(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return origins;
}

function isCrossOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowed.has(origin);
  // Without Origin, browsers still say where a request came from in Fetch Metadata.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * CSRF defence for the cookie session: a state-changing request sent by a page of another
 * origin is refused before any route runs. Browsers send `Origin` on every cross-origin POST;
 * SameSite=Lax on the session cookie covers the older ones.
 *
 * Every non-safe method is checked whatever its path: the router decodes `%61pi`, so a test on
 * the raw URL could be walked around by spelling the path differently. The only exemption is
 * decided on the route the router matched: one whose config says it is `signedWebhook` (called
 * by a provider's servers, authenticated by its signature, no Origin).
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const allowed = getAllowedOrigins(options.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.signedWebhook === true) return;
    if (isCrossOrigin(request, allowed)) {
      throw new AppError('FORBIDDEN', 'Requisição de outra origem recusada.');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Authenticated by the caller's signature, not the session cookie: no origin check. */
    signedWebhook?: boolean;
  }
}
