import type { BookingWhatsapp, ClientWhatsapp } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createIdBatcher } from '@/lib/batch-by-id';
import { WHATSAPP_QUERY_KEY } from './settings';

/** A client's card: opt-out, a number that cannot receive, the messages sent. */
export function useClientWhatsapp(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...WHATSAPP_QUERY_KEY, 'client', clientId],
    queryFn: ({ signal }) =>
      apiClient.get<ClientWhatsapp>(`/api/clients/${clientId}/whatsapp`, { signal }),
    enabled,
  });
}

// The Agenda's cards each ask for their booking's message; the asks of one render go out as
// one request (`/api/whatsapp/bookings?ids=…`), as the deposits' do.
const loadBookingWhatsapp = createIdBatcher(
  (ids) => apiClient.get<BookingWhatsapp[]>(`/api/whatsapp/bookings?ids=${ids.join(',')}`),
  (row) => row.bookingId,
);

export function useBookingWhatsapp(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...WHATSAPP_QUERY_KEY, 'booking', bookingId],
    queryFn: () => loadBookingWhatsapp(bookingId),
    enabled,
  });
}
