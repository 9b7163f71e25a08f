import type { BookingBurst, BookingProtection } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';
import { DEPOSITS_QUERY_KEY } from '@/features/deposits/api/deposits';
import { TOMORROW_REMINDERS_QUERY_KEY } from '@/features/manage/api/whatsapp';

export const BOOKING_PROTECTION_QUERY_KEY = ['booking-protection'] as const;
export const BOOKING_BURSTS_QUERY_KEY = ['booking-bursts'] as const;

/** Configurações > Agendamento online: the caps on a day's holds (docs/decisions/027). */
export function useBookingProtection() {
  return useQuery({
    queryKey: BOOKING_PROTECTION_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<BookingProtection>('/api/settings/booking-protection', { signal }),
  });
}

export function useSaveBookingProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingProtection) =>
      apiClient.put<BookingProtection>('/api/settings/booking-protection', input),
    onSuccess: (saved) => queryClient.setQueryData(BOOKING_PROTECTION_QUERY_KEY, saved),
  });
}

/** Public bookings from one address in a short time ("Agendamentos suspeitos"). */
export function useBookingBursts() {
  return useQuery({
    queryKey: BOOKING_BURSTS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<{ bursts: BookingBurst[] }>('/api/booking-bursts', { signal }),
  });
}

/**
 * "Cancelar todos": the burst's bookings cancelled; the agenda and the dashboard refresh, its
 * "Lembretes de amanhã" too (shown beside the burst, it would still list them).
 */
export function useCancelBurst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (burstId: string) =>
      apiClient.post<{ cancelled: number }>(`/api/booking-bursts/${burstId}/cancel`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKING_BURSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TOMORROW_REMINDERS_QUERY_KEY }),
      ]);
    },
  });
}
