import type {
  WaitlistDay,
  WaitlistManualOffer,
  WaitlistSettings,
  WaitlistSettingsForm,
} from '@agendaki/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { WAITLIST_QUERY_KEY, waitlistKeys } from './keys';

export function useWaitlistSettings() {
  return useQuery(
    queryOptions({
      queryKey: waitlistKeys.settings(),
      queryFn: ({ signal }) =>
        apiClient.get<WaitlistSettings>('/api/waitlist/settings', { signal }),
    }),
  );
}

export function useSaveWaitlistSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WaitlistSettingsForm) =>
      apiClient.put<WaitlistSettings>('/api/waitlist/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(waitlistKeys.settings(), saved),
  });
}

export function useWaitlistDay(date: string) {
  return useQuery(
    queryOptions({
      queryKey: waitlistKeys.day(date),
      queryFn: ({ signal }) =>
        apiClient.get<WaitlistDay>(`/api/waitlist?date=${encodeURIComponent(date)}`, { signal }),
      refetchOnWindowFocus: true,
    }),
  );
}

export function useOfferByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...input }: WaitlistManualOffer & { entryId: string }) =>
      apiClient.post<void>(`/api/waitlist/${encodeURIComponent(entryId)}/offer`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
}

export function useRemoveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiClient.delete<void>(`/api/waitlist/${encodeURIComponent(entryId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
}
