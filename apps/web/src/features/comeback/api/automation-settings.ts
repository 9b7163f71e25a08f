import type { AutomationSettings, AutomationSettingsInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const AUTOMATIONS_QUERY_KEY = ['comeback', 'settings'] as const;

/** Mensagens: the automations, each on or off with its text (issue 50). */
export function useAutomationSettings() {
  return useQuery({
    queryKey: AUTOMATIONS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<AutomationSettings>('/api/comeback/settings', { signal }),
  });
}

export function useSaveAutomationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutomationSettingsInput) =>
      apiClient.put<AutomationSettings>('/api/comeback/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(AUTOMATIONS_QUERY_KEY, saved),
  });
}
