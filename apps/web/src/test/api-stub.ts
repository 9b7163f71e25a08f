import { vi } from 'vitest';
import { jsonResponse } from './http';

export interface StubRequest {
  method: string;
  /** Path without the query string: "/api/clients". */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: a JSON body (status 200), a Response, or a function of the request. */
export type StubHandler = (request: StubRequest) => unknown;
export type StubReply = StubHandler | Response | object | string | number | boolean | null;

/**
 * Stubs `fetch` with one reply per "METHOD /path" (e.g. "GET /api/services"). Unknown routes
 * answer the server's 404 body. `calls` records every request, in order, for assertions.
 */
export function stubApi(routes: Record<string, StubReply>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body) as unknown;
    const request: StubRequest = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(request);
    const reply = routes[`${method} ${url.pathname}`];
    if (reply === undefined) {
      return jsonResponse(
        { statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada.' },
        404,
      );
    }
    const value = typeof reply === 'function' ? (reply as StubHandler)(request) : reply;
    if (value instanceof Response) return value;
    if (value === null) return new Response(null, { status: 204 });
    return jsonResponse(value);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The server's error body (apps/server plugins/errors.ts) as a Response. */
export function apiErrorResponse(
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): Response {
  return jsonResponse(
    { statusCode: status, code, message, ...(details ? { details } : {}) },
    status,
  );
}
