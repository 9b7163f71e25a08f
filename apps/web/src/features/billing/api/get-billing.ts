import type { BillingSummary } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The plan, the subscription and its access as the server computes them now. */
export function getBilling(signal?: AbortSignal): Promise<BillingSummary> {
  return apiClient.get<BillingSummary>('/api/billing', { signal });
}

export const billingQueryKey = ['billing'] as const;

export function getBillingQueryOptions() {
  return queryOptions({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => getBilling(signal),
    // Payments happen in another tab: always ask again when the page mounts.
    staleTime: 0,
  });
}

const POLL_MS = 3_000;

/**
 * `pollUntil` (epoch ms): after the provider sent the user back, ask again until the
 * subscription is active (its webhook arrived) or that moment passed.
 */
export function useBilling({ pollUntil = 0 }: { pollUntil?: number } = {}) {
  return useQuery({
    ...getBillingQueryOptions(),
    refetchInterval: (query) =>
      !query.state.data?.isActive && Date.now() < pollUntil ? POLL_MS : false,
  });
}
