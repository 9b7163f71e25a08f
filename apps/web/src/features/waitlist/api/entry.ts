import type { BookingResponse, WaitlistEntryView } from '@agendaki/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { waitlistKeys } from './keys';

const entryPath = (token: string) => `/api/public/waitlist/${encodeURIComponent(token)}`;

export function getWaitlistEntry(token: string, signal?: AbortSignal) {
  return apiClient.get<WaitlistEntryView>(entryPath(token), { signal });
}

export function useWaitlistEntry(token: string) {
  return useQuery(
    queryOptions({
      queryKey: waitlistKeys.entry(token),
      queryFn: ({ signal }) => getWaitlistEntry(token, signal),
      retry: false,
      // An offer may arrive while the page is open in a tab.
      refetchOnWindowFocus: true,
    }),
  );
}

/** "Quero este horário": the booking, with its manage link and sinal if any. */
export function useAcceptOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<BookingResponse>(`${entryPath(token)}/accept`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.entry(token) }),
  });
}

/** "Não quero este horário" or "Sair da lista": the page's new state. */
export function useEntryAction(token: string, action: 'decline' | 'leave') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<WaitlistEntryView>(`${entryPath(token)}/${action}`),
    onSuccess: (view) => queryClient.setQueryData(waitlistKeys.entry(token), view),
    onError: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.entry(token) }),
  });
}
