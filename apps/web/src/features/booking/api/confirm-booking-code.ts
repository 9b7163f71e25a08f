import type { BookingCodeConfirm, BookingResponse } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getSlotsQueryKey } from './get-slots';

export function confirmBookingCode(input: BookingCodeConfirm): Promise<BookingResponse> {
  return apiClient.post<BookingResponse>('/api/public/bookings/confirm-code', input);
}

/** The code e-mailed to the client (decision 028): the booking is made only now. */
export function useConfirmBookingCode(professionalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBookingCode,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getSlotsQueryKey(professionalId) });
    },
  });
}
