import type { PaymentSettings } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const PAYMENT_SETTINGS_QUERY_KEY = ['payment-settings'] as const;

/** Configurações > Pagamentos (docs/decisions/017-pix-sinal.md). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: PAYMENT_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<PaymentSettings>('/api/settings/payments', { signal }),
  });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSettings) =>
      apiClient.put<PaymentSettings>('/api/settings/payments', input),
    onSuccess: (saved) => queryClient.setQueryData(PAYMENT_SETTINGS_QUERY_KEY, saved),
  });
}
