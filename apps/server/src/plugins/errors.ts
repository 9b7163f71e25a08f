import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { APPOINTMENT_CLOSED_MESSAGE, CLIENT_HAS_MONEY_MESSAGE } from '@agendaki/shared';
import {
  AppError,
  getSqlState,
  isDatabaseUnavailable,
  SQLSTATE,
  type ErrorCode,
} from '../lib/errors';
import { withTimeout } from '../lib/timeout';

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  /** On a 5xx: the request's id, which every log line of it carries, for a support message. */
  requestId?: string;
}

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Tente novamente em alguns minutos.';
const INTERNAL_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Serviço temporariamente indisponível. Tente novamente em instantes.';
/** A PostgreSQL restart takes seconds; the pool reconnects by itself on the next request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, in the product's language. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'O corpo da requisição está vazio.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado. Envie os dados como JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'Tamanho do corpo da requisição inválido.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'O corpo da requisição é grande demais.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo inválido.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'Endereço inválido.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'Requisição inválida.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Arquivo muito grande' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Envie o arquivo como multipart/form-data.',
  },
};

/** Database errors that only client input can cause: a gap in validation, never a 500. */
function fromDatabaseError(error: unknown): AppError | undefined {
  const state = getSqlState(error);
  switch (state) {
    // The guards of decision 038, whichever feature's write ran into them.
    case SQLSTATE.APPOINTMENT_CLOSED:
      return new AppError('CONFLICT', APPOINTMENT_CLOSED_MESSAGE);
    case SQLSTATE.CLIENT_HAS_MONEY:
      return new AppError('CONFLICT', CLIENT_HAS_MONEY_MESSAGE);
    case SQLSTATE.EXCLUSION_VIOLATION:
      return new AppError('CONFLICT', 'Conflito de horário com outro agendamento');
    case SQLSTATE.UNIQUE_VIOLATION:
      return new AppError('CONFLICT', 'Já existe um registro com estes dados.');
    case SQLSTATE.FOREIGN_KEY_VIOLATION:
      return new AppError('BAD_REQUEST', 'Registro relacionado não encontrado ou em uso.');
    case SQLSTATE.CHECK_VIOLATION:
    case SQLSTATE.NOT_NULL_VIOLATION:
    case SQLSTATE.STRING_TOO_LONG:
    case SQLSTATE.CHARACTER_NOT_IN_REPERTOIRE:
    case SQLSTATE.UNTRANSLATABLE_CHARACTER:
    case SQLSTATE.INVALID_TEXT:
    case SQLSTATE.INVALID_DATETIME:
    case SQLSTATE.DATETIME_OVERFLOW:
    case SQLSTATE.NUMERIC_OVERFLOW:
      return new AppError('VALIDATION', 'Dados inválidos.');
    default:
      return undefined;
  }
}

function serviceUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return new AppError('VALIDATION', first?.message ?? 'Dados inválidos.', {
      field: first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined,
    });
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code && FASTIFY_CLIENT_ERRORS[fastifyError.code]) {
    const known = FASTIFY_CLIENT_ERRORS[fastifyError.code]!;
    return new AppError(known.code, known.message);
  }
  if (fastifyError.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', RATE_LIMIT_MESSAGE);
  const fromDatabase = fromDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  if (fastifyError.validation) return new AppError('VALIDATION', 'Dados inválidos.');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('BAD_REQUEST', 'Requisição inválida.');
  }
  // Last: only what no client input explains (a client's aborted upload is a 4xx above).
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return undefined;
}

/** Long enough for a live database under load, short enough not to hold a failing request. */
const PING_TIMEOUT_MS = 1_000;

/** Whether the database answers a round trip in time; never throws. */
async function isDatabaseReachable(ping: () => Promise<void>): Promise<boolean> {
  try {
    return await withTimeout(
      ping().then(() => true),
      PING_TIMEOUT_MS,
      () => false,
    );
  } catch {
    return false;
  }
}

/** `Retry-After` for the answers that know when to try again (429 and the database's 503). */
function setRetryAfter(reply: FastifyReply, appError: AppError | undefined): void {
  const seconds = appError?.details?.retryAfterSeconds;
  if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
}

export interface ErrorHandlingOptions {
  /**
   * A database round trip (`Database.ping`). Some libraries swallow the driver's error (better-auth
   * answers "Failed to get session" with no cause): an unexplained error is then a 503 when the
   * database does not answer either.
   */
  pingDatabase?: () => Promise<void>;
}

/** One error handler (STYLE.md 5): pt-BR `message`, never a stack trace, never a 5xx for client input. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: ErrorHandlingOptions = {},
): void {
  // Every answer names its request: the same id is on each of its log lines (app.ts genReqId).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(async (error, request, reply) => {
    let appError = toAppError(error);
    if (!appError && options.pingDatabase && !(await isDatabaseReachable(options.pingDatabase))) {
      appError = serviceUnavailable();
    }
    setRetryAfter(reply, appError);
    if (appError && appError.statusCode < 500) {
      const body: ErrorBody = {
        statusCode: appError.statusCode,
        code: appError.code,
        message: appError.message,
      };
      if (appError.details) body.details = appError.details;
      return reply.status(appError.statusCode).send(body);
    }
    // A 5xx is always logged as an error, the database's 503 included: someone should look.
    const isDatabaseDown = appError?.code === 'SERVICE_UNAVAILABLE';
    request.log.error(
      { err: error },
      isDatabaseDown ? 'request failed: database unavailable' : 'request failed',
    );
    const status = appError?.statusCode ?? 500;
    const body: ErrorBody = {
      statusCode: status,
      code: appError?.code ?? 'INTERNAL',
      message: appError?.message ?? INTERNAL_MESSAGE,
      requestId: request.id,
    };
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (an address with a broken `%`
 * escape) skip the error handler; answered here in pt-BR like every other 4xx.
 */
export function answerFrameworkError(error: unknown, reply: FastifyReply): void {
  const appError = toAppError(error);
  const known = appError && appError.statusCode < 500 ? appError : undefined;
  const body: ErrorBody = {
    statusCode: known?.statusCode ?? 400,
    code: known?.code ?? 'BAD_REQUEST',
    message: known?.message ?? 'Requisição inválida.',
  };
  void reply.status(body.statusCode).send(body);
}

export function sendApiNotFound(reply: FastifyReply): void {
  const body: ErrorBody = { statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada.' };
  void reply.status(404).send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'A requisição demorou demais para chegar. Tente novamente.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'Os cabeçalhos da requisição são grandes demais.',
  },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused never reaches Fastify,
 * so it is answered on the socket here, in pt-BR and with the same security headers.
 */
export function createClientErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const known = CLIENT_ERRORS[error.code ?? ''];
    const body: ErrorBody = {
      statusCode: known?.status ?? 400,
      code: known?.code ?? 'BAD_REQUEST',
      message: known?.message ?? 'Requisição inválida.',
    };
    const json = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${head.join('\r\n')}\r\n\r\n${json}`);
    socket.destroy(error);
  };
}
