import type { AffectedAppointment, DateException, DateExceptionInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const EXCEPTIONS_QUERY_KEY = ['availability', 'exceptions'] as const;
export const HOLIDAYS_QUERY_KEY = ['availability', 'holidays'] as const;

/** Dates from today on with their own windows, or closed (docs/decisions/009-real-week.md). */
export function useExceptions() {
  return useQuery({
    queryKey: EXCEPTIONS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<DateException[]>('/api/availability/exceptions', { signal }),
  });
}

export interface SaveExceptionAnswer {
  exception: DateException;
  affected: AffectedAppointment[];
}

/** Exceptions and holidays show the same closed dates: both are refreshed after a change. */
function useRefreshSchedule() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EXCEPTIONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: HOLIDAYS_QUERY_KEY }),
    ]);
}

export function useSaveException() {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: ({ date, input }: { date: string; input: DateExceptionInput }) =>
      apiClient.put<SaveExceptionAnswer>(`/api/availability/exceptions/${date}`, input),
    onSuccess: refresh,
  });
}

export function useRemoveException() {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: (date: string) => apiClient.delete<void>(`/api/availability/exceptions/${date}`),
    onSuccess: refresh,
  });
}
