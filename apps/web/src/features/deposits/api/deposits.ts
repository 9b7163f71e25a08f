import type { DepositOverview, DepositStatus } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
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
let waiting: { id: string; resolve: (deposit: BookingDeposit | null) => void }[] = [];
let scheduled = false;

function loadDeposit(bookingId: string): Promise<BookingDeposit | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ id: bookingId, resolve });
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      const batch = waiting;
      waiting = [];
      scheduled = false;
      const ids = [...new Set(batch.map((entry) => entry.id))];
      apiClient
        .get<BookingDeposit[]>(`/api/deposits/bookings?ids=${ids.join(',')}`)
        .then((rows) => {
          const byId = new Map(rows.map((row) => [row.bookingId, row]));
          for (const entry of batch) entry.resolve(byId.get(entry.id) ?? null);
        })
        .catch(reject);
    }, 0);
  });
}

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
