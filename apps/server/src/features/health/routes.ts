import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  /** Only for the operator (`isOperator`): which database, and whether it answered. */
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }).optional(),
});

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * The operator asks from the server itself (`curl localhost:3000/api/health`): the connection
 * comes from loopback and no proxy forwarded it. A reverse proxy on the same machine also
 * connects from loopback, but adds a forwarding header, so what it relays stays public. The
 * socket's own address, not `request.ip`, which X-Forwarded-For sets when TRUST_PROXY is on.
 */
function isOperator(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return (
    LOOPBACK_ADDRESSES.has(address) &&
    FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)
  );
}

/**
 * Load balancers and uptime checks read the status code and `{ status }`; the database kind is
 * a detail about the deployment, told only to the operator.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (request, reply) => {
      let reachable = true;
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        reachable = false;
      }
      const status = reachable ? ('ok' as const) : ('error' as const);
      const details = isOperator(request) ? { database: { kind: database.kind, reachable } } : {};
      return reply.status(reachable ? 200 : 503).send({ status, ...details });
    },
  );
};
