import type { DepositOverview, DepositStatus } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createIdBatcher } from '@/lib/batch-by-id';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

export interface BookingDeposit {
  bookingId: string;
  status: DepositStatus;
  amountCents: number;
  deadline: string;
}

/** The dashboard's deposits: pending, and the last 30 days' received and expired. */
export function useDepositOverview() {
  return useQuery({
    queryKey: [...DEPOSITS_QUERY_KEY, 'overview'],
    queryFn: ({ signal }) => apiClient.get<DepositOverview>('/api/deposits', { signal }),
  });
}

// The Agenda's cards each ask for their booking's deposit; the asks of one render go out as one
// request (`/api/deposits/bookings?ids=…`).
const loadDeposit = createIdBatcher(
  (ids) => apiClient.get<BookingDeposit[]>(`/api/deposits/bookings?ids=${ids.join(',')}`),
  (row) => row.bookingId,
);

export function useBookingDeposit(bookingId: string | undefined) {
  return useQuery({
    queryKey: [...DEPOSITS_QUERY_KEY, 'booking', bookingId],
    queryFn: () => loadDeposit(bookingId!),
    enabled: Boolean(bookingId),
  });
}

/** "Sinal recebido": confirms the booking; the Agenda, the dashboard and the deposits refresh. */
export function useConfirmDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiClient.post<{ status: 'received'; changed: boolean }>(
        `/api/deposits/${bookingId}/confirm`,
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
  });
}
