import type { PublicConfig } from '@agendaki/shared';
import { vi } from 'vitest';

/** What the real server answers by default (apps/server features/config). */
export const TEST_CONFIG: PublicConfig = {
  productName: 'Agendaki',
  planName: 'Plano Mensal',
  planPriceCents: 1500,
  trialDays: 7,
  isDemoEnabled: true,
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** Stubs `fetch` so `GET /api/config` answers `config`; returns the mock to inspect calls. */
export function stubConfigFetch(config: PublicConfig = TEST_CONFIG) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/config')) return jsonResponse(config);
    return jsonResponse(
      { statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada.' },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
