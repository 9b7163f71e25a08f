import type { BookingInput, BookingResponse } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getSlotsQueryKey } from './get-slots';

export function createBooking(input: BookingInput): Promise<BookingResponse> {
  return apiClient.post<BookingResponse>('/api/public/bookings', input);
}

/** Whatever the answer, the offered times may have changed: refresh them. */
export function useCreateBooking(professionalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Not awaited: the toast and the dialog do not wait for the new list.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getSlotsQueryKey(professionalId) });
    },
  });
}
