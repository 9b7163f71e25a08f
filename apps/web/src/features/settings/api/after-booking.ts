import type { AfterBookingSettings, AfterBookingSettingsInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const AFTER_BOOKING_QUERY_KEY = ['after-booking-settings'] as const;

/** Configurações > Agendamento online, after the booking (docs/decisions/013-after-the-booking.md). */
export function useAfterBookingSettings() {
  return useQuery({
    queryKey: AFTER_BOOKING_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<AfterBookingSettings>('/api/settings/after-booking', { signal }),
  });
}

export function useSaveAfterBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AfterBookingSettingsInput) =>
      apiClient.put<AfterBookingSettings>('/api/settings/after-booking', input),
    onSuccess: (saved) => queryClient.setQueryData(AFTER_BOOKING_QUERY_KEY, saved),
  });
}
