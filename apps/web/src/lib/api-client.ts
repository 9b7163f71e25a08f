/**
 * The one way the web app talks to the API: same origin, session cookie included, JSON in and
 * out. Every failure becomes an `ApiError` whose `message` is the server's pt-BR text, ready for
 * a toast (STYLE.md 5: one error type, the client shows `message`).
 */

export const UNEXPECTED_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';
export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
/** A change asked for without a network: never sent, nor sent later behind the user's back. */
export const OFFLINE_ACTION_MESSAGE =
  'Sem conexão: esta ação precisa da internet e não foi enviada. Tente de novo quando a conexão voltar.';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The error body every API error answers with (apps/server plugins/errors.ts). */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /** On a 5xx: the request's id, which the server's log lines carry. */
  requestId?: string;
}

export class ApiError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly code: string;
  readonly details?: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show the user for any thrown value. */
export function getErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** A plain object is sent as JSON; FormData (file uploads) as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorBody(body)) {
    // A support message can then name the request: its id is in every log line of it.
    const message =
      typeof body.requestId === 'string'
        ? `${body.message} Código do erro: ${body.requestId}`
        : body.message;
    return new ApiError(response.status, body.code ?? 'UNKNOWN', message, body.details);
  }
  // A proxy or gateway answered (HTML or empty body): there is no server message to show.
  return new ApiError(response.status, 'UNKNOWN', UNEXPECTED_ERROR_MESSAGE);
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'include', signal: options.signal };
}

export async function requestApi<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  if (method !== 'GET' && isOffline()) throw new ApiError(0, 'OFFLINE', OFFLINE_ACTION_MESSAGE);
  let response: Response;
  try {
    response = await fetch(path, buildInit(method, options));
  } catch (error) {
    // A cancelled query is not a failure: let TanStack Query see the AbortError.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (method !== 'GET' && isOffline()) throw new ApiError(0, 'OFFLINE', OFFLINE_ACTION_MESSAGE);
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return (await readJson(response)) as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    requestApi<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestApi<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestApi<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestApi<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => requestApi<T>('DELETE', path, options),
};
