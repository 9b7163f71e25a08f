import type { Service } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SERVICES_QUERY_KEY } from '@/features/services/api/get-services';

/*
 * The services the appointment form offers (its clients are searched: search-clients.ts). The
 * key starts with 'services' so that feature's mutations refresh this list too.
 */

/** Only active services can be booked, by name. */
export function getServiceChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...SERVICES_QUERY_KEY, 'active'],
    queryFn: ({ signal }) => apiClient.get<Service[]>('/api/services?active=true', { signal }),
  });
}

export function useServiceChoices() {
  return useQuery(getServiceChoicesQueryOptions());
}
