import type { WhatsappSettings, WhatsappSettingsInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const WHATSAPP_QUERY_KEY = ['whatsapp'] as const;
export const WHATSAPP_SETTINGS_QUERY_KEY = [...WHATSAPP_QUERY_KEY, 'settings'] as const;

/** Configurações > WhatsApp (docs/decisions/037-whatsapp-cloud-api.md). */
export function useWhatsappSettings() {
  return useQuery({
    queryKey: WHATSAPP_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<WhatsappSettings>('/api/settings/whatsapp', { signal }),
  });
}

export function useSaveWhatsappSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhatsappSettingsInput) =>
      apiClient.put<WhatsappSettings>('/api/settings/whatsapp', input),
    onSuccess: (saved) => queryClient.setQueryData(WHATSAPP_SETTINGS_QUERY_KEY, saved),
  });
}
