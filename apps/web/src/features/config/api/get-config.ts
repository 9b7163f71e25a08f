import type { PublicConfig } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The server's public configuration: plan name and price, trial length, demo switch. */
export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>('/api/config', { signal });
}

export const CONFIG_QUERY_KEY = ['config'] as const;

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => getConfig(signal),
    // It changes only when the server restarts with another configuration.
    staleTime: Infinity,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}
