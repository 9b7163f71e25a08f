import type { CalendarFeedCreated, CalendarFeedStatus } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const CALENDAR_FEED_QUERY_KEY = ['calendar-feed'] as const;
const PATH = '/api/settings/calendar-feed';

/** Configurações > Calendário (docs/decisions/014-calendar-and-numbers.md). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return apiClient.get<CalendarFeedStatus>(PATH, { signal });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_FEED_QUERY_KEY,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });
}

/** A new secret address; the previous one stops at once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<CalendarFeedCreated>(PATH),
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_QUERY_KEY, {
        isActive: true,
        createdAt: created.createdAt,
      }),
  });
}

export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<void>(PATH),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_QUERY_KEY, {
        isActive: false,
        createdAt: null,
      }),
  });
}
