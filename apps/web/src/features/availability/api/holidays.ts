import type { AffectedAppointment, HolidaysResponse } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { EXCEPTIONS_QUERY_KEY, HOLIDAYS_QUERY_KEY } from './exceptions';

/** National and state holidays of the next 12 months, each with whether it is closed. */
export function useHolidays() {
  return useQuery({
    queryKey: HOLIDAYS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<HolidaysResponse>('/api/availability/holidays', { signal }),
  });
}

/** "Fechar em todos os feriados nacionais". */
export function useCloseNationalHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post<{ affected: AffectedAppointment[] }>(
        '/api/availability/holidays/close-national',
        {},
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: HOLIDAYS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EXCEPTIONS_QUERY_KEY }),
      ]),
  });
}
