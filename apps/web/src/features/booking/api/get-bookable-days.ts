import type { BookingDaysResponse } from '@agendaki/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getSlotsQueryKey } from './get-slots';

export interface GetBookableDaysParams {
  professionalId: string;
  /** "YYYY-MM". */
  month: string;
  serviceIds: readonly string[];
}

/**
 * The dates of a month that offer a start for the selection: the calendar disables the others
 * (closed, time off, beyond the horizon, at the cap, fully booked). Under the slots' key, so a
 * booking or a conflict refreshes it too.
 */
export function getBookableDays(
  { professionalId, month, serviceIds }: GetBookableDaysParams,
  signal?: AbortSignal,
): Promise<BookingDaysResponse> {
  const query = new URLSearchParams({ month, serviceIds: serviceIds.join(',') });
  return apiClient.get<BookingDaysResponse>(
    `/api/public/professionals/${encodeURIComponent(professionalId)}/days?${query.toString()}`,
    { signal },
  );
}

export function useBookableDays(params: GetBookableDaysParams) {
  return useQuery({
    queryKey: [
      ...getSlotsQueryKey(params.professionalId),
      'days',
      { month: params.month, serviceIds: params.serviceIds },
    ],
    queryFn: ({ signal }) => getBookableDays(params, signal),
    staleTime: 0,
    // Changing months keeps the previous month's days until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
