import type { BillingUrlResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { openInNewTab } from '../lib/open-in-new-tab';

/** "Assinar Agora": the provider's checkout page (or the demonstration page). */
export async function startCheckout(): Promise<string> {
  return (await apiClient.post<BillingUrlResponse>('/api/billing/checkout')).url;
}

/** Opens the tab on click (popup blockers allow that), then sends it to the checkout. */
export function useStartCheckout() {
  return useMutation({ mutationFn: () => openInNewTab(startCheckout) });
}
