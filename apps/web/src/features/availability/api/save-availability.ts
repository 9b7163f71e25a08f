import type { AvailabilityWeek, AvailabilityWeekInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { AVAILABILITY_QUERY_KEY } from './get-availability';

/** Replaces the whole week; the server answers the week as now saved. */
export function saveAvailability(input: AvailabilityWeekInput): Promise<AvailabilityWeek> {
  return apiClient.put<AvailabilityWeek>('/api/availability', input);
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (week) => queryClient.setQueryData(AVAILABILITY_QUERY_KEY, week),
  });
}
