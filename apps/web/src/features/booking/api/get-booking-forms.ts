import type { BookingForms } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { PUBLIC_BOOKING_QUERY_KEY } from './get-public-professional';

/** The anamnesis forms a new booking asks for (issue 50), read with its manage token. */
export function useBookingForms(token: string) {
  return useQuery({
    queryKey: [...PUBLIC_BOOKING_QUERY_KEY, 'anamnesis', token],
    queryFn: ({ signal }) =>
      apiClient.get<BookingForms>(`/api/public/manage/${encodeURIComponent(token)}/anamnesis`, {
        signal,
      }),
    retry: false,
  });
}
