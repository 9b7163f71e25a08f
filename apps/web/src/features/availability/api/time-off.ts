import type { AffectedAppointment, TimeOff, TimeOffInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const TIME_OFF_QUERY_KEY = ['availability', 'time-off'] as const;

/** "Folga/Férias" ending today or later. */
export function useTimeOff() {
  return useQuery({
    queryKey: TIME_OFF_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<TimeOff[]>('/api/availability/time-off', { signal }),
  });
}

export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeOffInput) =>
      apiClient.post<{ timeOff: TimeOff; affected: AffectedAppointment[] }>(
        '/api/availability/time-off',
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIME_OFF_QUERY_KEY }),
  });
}

export function useRemoveTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/availability/time-off/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIME_OFF_QUERY_KEY }),
  });
}
