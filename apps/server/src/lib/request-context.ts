// The request id on every log line written while a request is served, also by the loggers the
// features built at start-up from `app.log` (they are no child of the request's logger).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';

const requestIds = new AsyncLocalStorage<string>();

/**
 * Serves every request inside its id's context, from its first hook on (app.ts registers this
 * first). A body read from a real socket keeps it (test/metrics.test.ts goes over one).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => requestIds.run(request.id, done));
}

/** pino's mixin: the id of the request being served, unless the line's logger names it already. */
function requestIdMixin(_merge: object, _level: number, logger: Logger): object {
  const reqId = requestIds.getStore();
  if (reqId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The logger options with the request id mixed in (after any mixin given); `false` stays off. */
export function withRequestIds(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === true || logger === undefined) return logger;
  const given = (logger as { mixin?: typeof requestIdMixin }).mixin;
  return {
    ...logger,
    mixin: (merge: object, level: number, child: Logger) => ({
      ...given?.(merge, level, child),
      ...requestIdMixin(merge, level, child),
    }),
  } as LoggerOption;
}
