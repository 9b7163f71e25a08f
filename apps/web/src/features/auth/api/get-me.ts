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

let earlyMe: Promise<MeResponse | null> | undefined;

/**
 * Asks for the session as the app starts on a professional's page (main.tsx), while the
 * dashboard's code is still on its way: the first read takes this answer instead of asking after
 * that code arrived (one step less before the page shows, on a slow phone network).
 */
export function askMeEarly(): void {
  earlyMe ??= getMe();
  // Read (and its failure handled) by the first query; a stray rejection is not unhandled.
  earlyMe.catch(() => undefined);
}

function takeEarlyMe(): Promise<MeResponse | null> | undefined {
  const early = earlyMe;
  earlyMe = undefined;
  return early;
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => takeEarlyMe() ?? getMe(signal),
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Reads the session again, now, and waits for it (after signing in). */
export async function refreshMe(queryClient: QueryClient): Promise<MeResponse | null> {
  // An answer from before signing in, never read, would describe the session before it.
  takeEarlyMe();
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
