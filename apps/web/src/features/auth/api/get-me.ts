import type { MeResponse } from '@agendaki/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';

/**
 * The session: who is signed in, their profile and subscription. `null` means signed out (the
 * server answers 401), which is a state, not an error: no toast, no retry.
 */
export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiClient.get<MeResponse>('/api/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ['me'] as const;

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Reads the session again, now, and waits for it (after signing in). */
export async function refreshMe(queryClient: QueryClient): Promise<MeResponse | null> {
  return queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
}

/**
 * After the session ended (sign-out, password reset): forget every cached answer of that user
 * and record "signed out", so guards redirect at once without asking the server again.
 */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
}
