import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Secrets that travel in addresses: a manage link (`/api/public/manage/<token>…` and its page
 * `/agendamento/<token>`), a waiting-list link (`/api/public/waitlist/<token>`, `/lista-de-espera/<token>`),
 * the calendar feed (`/ics/<token>.ics`, every client's name, phone and
 * notes) and e-mailed links (`?token=`). Whoever reads the logs must not be able to open them.
 */
const SECRET_SEGMENTS =
  /(\/(?:api\/public\/manage|agendamento|ics|api\/public\/waitlist|lista-de-espera|descadastro)\/)[^/?#\s"']+?(\.ics)?(?=$|[/?#\s"'])/gi;
const SECRET_PARAMS = /([?&](?:token|session_id)=)[^&#\s"']*/gi;
export const REDACTED = '[redacted]';

/** The text with every secret of an address in it replaced, wherever it appears. */
export function redactSecrets(text: string): string {
  return text
    .replace(
      SECRET_SEGMENTS,
      (_match, prefix: string, ics?: string) => `${prefix}${REDACTED}${ics ?? ''}`,
    )
    .replace(SECRET_PARAMS, (_match, name: string) => `${name}${REDACTED}`);
}

/**
 * Fastify's request serializer (same fields as its own) with the address redacted: the
 * "incoming request" line and every line that logs a request carry it.
 */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactSecrets(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer, its message and stack redacted (a 404 names the address it missed). */
function serializeError(error: Error) {
  const serialized = stdSerializers.err(error);
  return {
    ...serialized,
    message: redactSecrets(serialized.message),
    stack: redactSecrets(serialized.stack),
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The logger options with the redacting serializers; `false` stays off. */
export function withRedactedLogs(logger: LoggerOption, level: string): LoggerOption {
  if (logger === false) return false;
  const options = logger === true || logger === undefined ? { level } : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: serializeRequest,
      err: serializeError,
    },
  };
}
