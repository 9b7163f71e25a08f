import type { BookingSlotsResponse } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { PUBLIC_BOOKING_QUERY_KEY } from './get-public-professional';

/** Every slots query of one professional: a booking (or a conflict) invalidates them all. */
export function getSlotsQueryKey(professionalId: string) {
  return [...PUBLIC_BOOKING_QUERY_KEY, 'slots', professionalId] as const;
}

export interface GetSlotsParams {
  professionalId: string;
  /** "YYYY-MM-DD" in the professional's zone. */
  date: string;
  /** In the order the page shows them: the server books them one after the other. */
  serviceIds: readonly string[];
}

/** The start times the server offers for the whole selected duration (docs/product.md, Public booking slots). */
export function getSlots(
  { professionalId, date, serviceIds }: GetSlotsParams,
  signal?: AbortSignal,
): Promise<BookingSlotsResponse> {
  const query = new URLSearchParams({ date, serviceIds: serviceIds.join(',') });
  return apiClient.get<BookingSlotsResponse>(
    `/api/public/professionals/${encodeURIComponent(professionalId)}/slots?${query.toString()}`,
    { signal },
  );
}

export function getSlotsQueryOptions(params: GetSlotsParams) {
  return queryOptions({
    queryKey: [
      ...getSlotsQueryKey(params.professionalId),
      { date: params.date, serviceIds: params.serviceIds },
    ],
    queryFn: ({ signal }) => getSlots(params, signal),
    // Someone else may book at any moment: refetch every time the step opens, and when the
    // visitor comes back from another app (WhatsApp, say) to a list that may be stale.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useSlots(params: GetSlotsParams | null) {
  return useQuery({
    ...getSlotsQueryOptions(params ?? { professionalId: '', date: '', serviceIds: [] }),
    enabled: params !== null,
  });
}
