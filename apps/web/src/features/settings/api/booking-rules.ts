import type { BookingRules } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const BOOKING_RULES_QUERY_KEY = ['booking-rules'] as const;

/** Configurações > Agendamento online (docs/decisions/009-real-week.md). */
export function getBookingRules(signal?: AbortSignal): Promise<BookingRules> {
  return apiClient.get<BookingRules>('/api/settings/booking-rules', { signal });
}

export function useBookingRules() {
  return useQuery({
    queryKey: BOOKING_RULES_QUERY_KEY,
    queryFn: ({ signal }) => getBookingRules(signal),
  });
}

export function saveBookingRules(input: BookingRules): Promise<BookingRules> {
  return apiClient.put<BookingRules>('/api/settings/booking-rules', input);
}

export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingRules,
    onSuccess: (rules) => queryClient.setQueryData(BOOKING_RULES_QUERY_KEY, rules),
  });
}
