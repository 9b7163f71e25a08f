import type { BillingUrlResponse, PortalIntent } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { openInNewTab } from '../lib/open-in-new-tab';

/** "Gerenciar Assinatura" / "Cancelar Pagamento Recorrente": the provider's portal. */
export async function openPortal(intent: PortalIntent): Promise<string> {
  return (await apiClient.post<BillingUrlResponse>('/api/billing/portal', { intent })).url;
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: (intent: PortalIntent) => openInNewTab(() => openPortal(intent)),
  });
}
