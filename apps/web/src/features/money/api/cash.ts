import type { CashDay } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { MONEY_QUERY_KEY } from './closing';

export const CASH_QUERY_KEY = [...MONEY_QUERY_KEY, 'cash'] as const;

export function cashDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...CASH_QUERY_KEY, date],
    queryFn: ({ signal }) =>
      apiClient.get<CashDay>(`/api/cash?date=${encodeURIComponent(date)}`, { signal }),
  });
}

export function useCashDay(date: string, enabled = true) {
  return useQuery({ ...cashDayQueryOptions(date), enabled });
}

/** The day's CSV, downloaded by the browser with the session cookie. */
export function getCashCsvHref(date: string): string {
  return `/api/cash.csv?date=${encodeURIComponent(date)}`;
}
