import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  publicUrl: string;
  /** Extra origins images may come from (S3-compatible storage). */
  imageOrigins?: string[];
}

/**
 * Security headers on every answer, pages and API alike, with a CSP that fits the built app.
 * helmet's middleware is built once here: @fastify/helmet rebuilt it (and re-parsed the CSP) on
 * every request, a few percent of a cached slots answer's CPU.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const isHttps = options.publicUrl.startsWith('https://');
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner inject <style> elements at run time; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
