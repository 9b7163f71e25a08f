import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { AppError, type ErrorCode } from '../lib/errors';
import { toAppError } from './errors';

/** What the app counts, in one registry per app (tests build many apps in one process). */
export interface Metrics {
  registry: Registry;
  /** A message left (`channel`: email, whatsapp, push…) or its sending failed. */
  messageSent(channel: string): void;
  messageFailed(channel: string): void;
  /** A public booking was made (a replay of one under its idempotency key is not another). */
  bookingCreated(): void;
  /** A job queue's batch ran (plugins/jobs.ts). */
  jobsRan(queue: string, outcome: { completed: number; failed: number }): void;
}

/**
 * `send` counted under `channel`, once per attempt: sent when it resolves to a delivery, failed
 * when it throws or `isDelivered` says the service took it but will not deliver it.
 */
export function countSends<A extends unknown[], R>(
  metrics: Pick<Metrics, 'messageSent' | 'messageFailed'>,
  channel: string,
  send: (...args: A) => Promise<R>,
  isDelivered: (result: R) => boolean = () => true,
): (...args: A) => Promise<R> {
  return async (...args) => {
    let result: R;
    try {
      result = await send(...args);
    } catch (error) {
      metrics.messageFailed(channel);
      throw error;
    }
    if (isDelivered(result)) metrics.messageSent(channel);
    else metrics.messageFailed(channel);
    return result;
  };
}

export interface MetricsSources {
  /** Jobs waiting per queue (pg-boss's public `getQueueSize`). */
  queueSizes(): Promise<{ queue: string; waiting: number }[]>;
  /** Its connections: open, idle, and statements or clients waiting for one. */
  database: Pick<Database, 'poolUse'>;
}

/** The public booking's routes: a 4xx is a booking refused (one made is counted by the booking). */
const BOOKING_ROUTES = new Set([
  'POST /api/public/bookings',
  'POST /api/public/bookings/confirm-code',
]);

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const messages = new Counter({
    name: 'agendaki_messages_total',
    help: 'Messages sent and failed sending attempts, by channel',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'agendaki_jobs_total',
    help: 'Job attempts by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'agendaki_bookings_created_total',
    help: 'Public bookings made',
    registers: [registry],
  });
  new Gauge({
    name: 'agendaki_job_queue_waiting',
    help: 'Jobs waiting to run, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, waiting } of await sources.queueSizes()) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'agendaki_db_pool_connections',
    help: 'Database connections by state (total, idle) and callers waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = sources.database.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  return {
    registry,
    messageSent: (channel) => messages.inc({ channel, outcome: 'sent' }),
    messageFailed: (channel) => messages.inc({ channel, outcome: 'failed' }),
    bookingCreated: () => bookings.inc(),
    jobsRan(queue, outcome) {
      if (outcome.completed > 0) jobs.inc({ queue, outcome: 'completed' }, outcome.completed);
      if (outcome.failed > 0) jobs.inc({ queue, outcome: 'failed' }, outcome.failed);
    },
  };
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Request latency by route and the public booking's outcomes, counted on every answer;
 * `GET /metrics` in Prometheus' text format only with `Authorization: Bearer METRICS_TOKEN`
 * (without a token configured there is no such page: never public).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token?: string },
): void {
  const { registry } = metrics;
  const latency = new Histogram({
    name: 'agendaki_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'agendaki_bookings_refused_total',
    help: 'Public bookings refused, by reason (the error code answered)',
    labelNames: ['reason'],
    registers: [registry],
  });
  app.decorate('metrics', metrics);
  app.decorateRequest('errorCode', null);
  app.addHook('onError', async (request, _reply, error) => {
    request.errorCode = toAppError(error)?.code ?? null;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the address: ids and tokens would make endless series.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    latency.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    if (!BOOKING_ROUTES.has(`${request.method} ${route}`)) return;
    if (status >= 400) refused.inc({ reason: request.errorCode ?? `HTTP_${status}` });
  });

  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!options.token) throw new AppError('NOT_FOUND', 'Rota não encontrada.');
    if (!hasToken(request, options.token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError('UNAUTHORIZED', 'Informe o token das métricas.');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The AppError code of a failed request, for the booking's refusal reasons. */
    errorCode: ErrorCode | null;
  }
}
