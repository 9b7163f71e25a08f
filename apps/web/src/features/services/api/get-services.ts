import type { Service } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every services query starts with this key; mutations invalidate it whole. */
export const SERVICES_QUERY_KEY = ['services'] as const;

/** All the professional's services, newest first (the Serviços page). */
export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return apiClient.get<Service[]>('/api/services', { signal });
}

export function getServicesQueryOptions() {
  return queryOptions({
    queryKey: [...SERVICES_QUERY_KEY, 'all'],
    queryFn: ({ signal }) => getServices(signal),
  });
}

export function useServices() {
  return useQuery(getServicesQueryOptions());
}
