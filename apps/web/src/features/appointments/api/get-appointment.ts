import type { Appointment } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './get-appointments';

/** One appointment (a notification's link opens it: `?agendamento=<id>`). */
export function useAppointment(id: string | null) {
  return useQuery({
    queryKey: [...APPOINTMENTS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) =>
      apiClient.get<Appointment>(`/api/appointments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}
