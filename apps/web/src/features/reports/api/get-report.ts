import type { Report } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

/** Relatórios: the last 12 weeks, computed by the server in the professional's zone. */
export function getReport(signal?: AbortSignal): Promise<Report> {
  return apiClient.get<Report>('/api/reports', { signal });
}

/** Under `['dashboard']`: appointment mutations that refresh the home refresh this too. */
export const reportQueryKey = [...DASHBOARD_QUERY_KEY, 'report'] as const;

export function useReport() {
  return useQuery(
    queryOptions({ queryKey: reportQueryKey, queryFn: ({ signal }) => getReport(signal) }),
  );
}

/** The address of the CSV export of a period (a plain download with the session cookie). */
export function getAppointmentsCsvHref(from: string, to: string): string {
  return `/api/reports/appointments.csv?${new URLSearchParams({ from, to }).toString()}`;
}
