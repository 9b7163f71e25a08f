import type { AvailabilityWeek } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const AVAILABILITY_QUERY_KEY = ['availability'] as const;

/** The saved week, or the defaults (flagged `isDefault`) when nothing was saved yet. */
export function getAvailability(signal?: AbortSignal): Promise<AvailabilityWeek> {
  return apiClient.get<AvailabilityWeek>('/api/availability', { signal });
}

export function getAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => getAvailability(signal),
  });
}

export function useAvailability() {
  return useQuery(getAvailabilityQueryOptions());
}
