import type { AnamnesisAnswerInput, BookingForms } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { manageQueryKey } from './manage';

const formsUrl = (token: string) => `/api/public/manage/${encodeURIComponent(token)}/anamnesis`;
export const bookingFormsQueryKey = (token: string) =>
  [...manageQueryKey(token), 'anamnesis'] as const;

/** The anamnesis forms the booking's services ask for (issue 50). */
export function useBookingForms(token: string) {
  return useQuery({
    queryKey: bookingFormsQueryKey(token),
    queryFn: ({ signal }) => apiClient.get<BookingForms>(formsUrl(token), { signal }),
    retry: false,
  });
}

export function useAnswerForm(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnamnesisAnswerInput) => apiClient.post<unknown>(formsUrl(token), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingFormsQueryKey(token) }),
  });
}
