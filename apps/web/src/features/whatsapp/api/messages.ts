import type { BookingWhatsapp, ClientWhatsapp } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
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
let waiting: { id: string; resolve: (row: BookingWhatsapp | null) => void }[] = [];
let scheduled = false;

function loadBookingWhatsapp(bookingId: string): Promise<BookingWhatsapp | null> {
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
        .get<BookingWhatsapp[]>(`/api/whatsapp/bookings?ids=${ids.join(',')}`)
        .then((rows) => {
          const byId = new Map(rows.map((row) => [row.bookingId, row]));
          for (const entry of batch) entry.resolve(byId.get(entry.id) ?? null);
        })
        .catch(reject);
    }, 0);
  });
}

export function useBookingWhatsapp(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...WHATSAPP_QUERY_KEY, 'booking', bookingId],
    queryFn: () => loadBookingWhatsapp(bookingId),
    enabled,
  });
}
