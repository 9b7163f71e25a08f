import type { MissingClient, MissingDays } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const MISSING_QUERY_KEY = ['comeback', 'missing'] as const;

/** Clients not seen for `days` days, with nothing booked ahead. */
export function useMissingClients(days: MissingDays) {
  return useQuery({
    queryKey: [...MISSING_QUERY_KEY, days],
    queryFn: ({ signal }) =>
      apiClient.get<MissingClient[]>(`/api/comeback/missing?days=${days}`, { signal }),
  });
}

/** The one-tap message; the server holds it until a decent hour. */
export function useMessageMissingClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiClient.post<void>(`/api/comeback/missing/${encodeURIComponent(clientId)}/message`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MISSING_QUERY_KEY }),
  });
}
