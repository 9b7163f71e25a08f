import type { DashboardSummary } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The dashboard home's figures and next appointments, in the professional's time zone. */
export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return apiClient.get<DashboardSummary>('/api/dashboard/summary', { signal });
}

/** Appointment and client mutations invalidate this key (`['dashboard']` covers it). */
/** Everything under the dashboard (summary, reports): invalidated when appointments change. */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;
export const dashboardSummaryQueryKey = [...DASHBOARD_QUERY_KEY, 'summary'] as const;

export function getDashboardSummaryQueryOptions() {
  return queryOptions({
    queryKey: dashboardSummaryQueryKey,
    queryFn: ({ signal }) => getDashboardSummary(signal),
  });
}

export function useDashboardSummary() {
  return useQuery(getDashboardSummaryQueryOptions());
}
