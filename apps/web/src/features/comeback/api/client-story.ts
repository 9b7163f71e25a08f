import type { BirthdayInput, Client, ClientStory } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { CLIENTS_QUERY_KEY } from '@/features/clients/api/get-clients';

/** Under the clients' key: saving or erasing a client refreshes her page too. */
export const clientQueryKey = (id: string) => [...CLIENTS_QUERY_KEY, 'detail', id] as const;
export const clientStoryQueryKey = (id: string) => [...CLIENTS_QUERY_KEY, 'story', id] as const;

export function useClient(id: string) {
  return useQuery({
    queryKey: clientQueryKey(id),
    queryFn: ({ signal }) =>
      apiClient.get<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Her appointments, messages and consent choices, newest first. */
export function useClientStory(id: string) {
  return useQuery({
    queryKey: clientStoryQueryKey(id),
    queryFn: ({ signal }) =>
      apiClient.get<ClientStory>(`/api/comeback/clients/${encodeURIComponent(id)}/story`, {
        signal,
      }),
  });
}

/** The professional records the client's marketing choice (stored with when and how). */
export function useSetMarketingChoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) =>
      apiClient.put<void>(`/api/comeback/clients/${encodeURIComponent(id)}/marketing`, {
        allowed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientStoryQueryKey(id) }),
  });
}

/** "Aniversário" of the client's page: set or cleared. */
export function useSetBirthday(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BirthdayInput) =>
      apiClient.put<void>(`/api/comeback/clients/${encodeURIComponent(id)}/birthday`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientStoryQueryKey(id) }),
  });
}
