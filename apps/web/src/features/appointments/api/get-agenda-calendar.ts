import type { AgendaCalendar } from '@agendaki/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './get-appointments';

/** The day and week views' data; under the appointments key, so every save refreshes it. */
export function getAgendaCalendar(
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<AgendaCalendar> {
  const query = new URLSearchParams(range).toString();
  return apiClient.get<AgendaCalendar>(`/api/agenda/calendar?${query}`, { signal });
}

/** One range's query (also read ahead for the offline agenda, features/pwa). */
export function agendaCalendarQueryOptions(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...APPOINTMENTS_QUERY_KEY, 'calendar', range.from, range.to],
    queryFn: ({ signal }) => getAgendaCalendar(range, signal),
  });
}

export function useAgendaCalendar(range: { from: string; to: string }) {
  return useQuery({ ...agendaCalendarQueryOptions(range), placeholderData: keepPreviousData });
}
