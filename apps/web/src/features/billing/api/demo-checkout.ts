import type { BillingSummary } from '@agendaki/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/get-me';
import { apiClient } from '@/lib/api-client';
import { announceBillingChange } from '../lib/billing-channel';
import { billingQueryKey } from './get-billing';

/** "Pagar" on the demonstration page: the server plays a paid Stripe Checkout. */
export function payDemoCheckout(sessionId: string | undefined): Promise<BillingSummary> {
  return apiClient.post<BillingSummary>('/api/billing/demo/pay', sessionId ? { sessionId } : {});
}

/** "Cancelar assinatura" on the demonstration page: the renewal ends with the period. */
export function cancelDemoSubscription(): Promise<BillingSummary> {
  return apiClient.post<BillingSummary>('/api/billing/demo/cancel');
}

async function onBillingChanged(queryClient: QueryClient, summary: BillingSummary) {
  queryClient.setQueryData(billingQueryKey, summary);
  announceBillingChange();
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function usePayDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payDemoCheckout,
    onSuccess: (summary) => onBillingChanged(queryClient, summary),
  });
}

export function useCancelDemoSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDemoSubscription,
    onSuccess: (summary) => onBillingChanged(queryClient, summary),
  });
}
