import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) will answer the same again: retry only network failures and 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // Offline, a change fails at once with a clear message (api-client.ts) instead of waiting
      // paused and being sent later, unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
