import type { PixProviderCredentialsInput, PixProviderStatus } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const PIX_PROVIDER_QUERY_KEY = ['pix-provider'] as const;
const PATH = '/api/settings/payments/psp';

/** Configurações > Pagamentos, "Confirmação automática" (docs/decisions/018-pix-provider.md). */
export function usePixProvider() {
  return useQuery({
    queryKey: PIX_PROVIDER_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<PixProviderStatus>(PATH, { signal }),
  });
}

/** The server checks the token at Mercado Pago before keeping it; only "configurado" comes back. */
export function useSavePixProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PixProviderCredentialsInput) =>
      apiClient.put<PixProviderStatus>(PATH, input),
    onSuccess: (status) => queryClient.setQueryData(PIX_PROVIDER_QUERY_KEY, status),
  });
}

export function useRemovePixProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<PixProviderStatus>(PATH),
    onSuccess: (status) => queryClient.setQueryData(PIX_PROVIDER_QUERY_KEY, status),
  });
}
