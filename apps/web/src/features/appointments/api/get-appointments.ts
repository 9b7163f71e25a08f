import type { Appointment, AppointmentPeriod, AppointmentStatus, Page } from '@agendaki/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every appointments query starts with this key; mutations invalidate it whole. */
export const APPOINTMENTS_QUERY_KEY = ['appointments'] as const;
export const APPOINTMENTS_PAGE_SIZE = 30;

export interface AppointmentFilters {
  /** Client or service name; matched by the server. */
  search: string;
  status: 'all' | AppointmentStatus;
  /** "today" and "week" are the professional's calendar days, computed by the server. */
  period: AppointmentPeriod;
}

export const NO_FILTERS: AppointmentFilters = { search: '', status: 'all', period: 'all' };

export function getAppointments(
  filters: AppointmentFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<Appointment>> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (filters.search) query.set('search', filters.search);
  if (filters.status !== 'all') query.set('status', filters.status);
  if (filters.period !== 'all') query.set('period', filters.period);
  return apiClient.get<Page<Appointment>>(`/api/appointments?${query.toString()}`, { signal });
}

/** By date and start time, a page at a time ("Carregar mais"). */
export function getAppointmentsInfiniteQueryOptions(filters: AppointmentFilters) {
  return infiniteQueryOptions({
    queryKey: [...APPOINTMENTS_QUERY_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      getAppointments(filters, pageParam, APPOINTMENTS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAppointments(filters: AppointmentFilters) {
  return useInfiniteQuery(getAppointmentsInfiniteQueryOptions(filters));
}

/** Whether any appointment exists at all: the filters show only then (docs/product.md section 2). */
export function getHasAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: [...APPOINTMENTS_QUERY_KEY, 'any'],
    queryFn: async ({ signal }) => (await getAppointments(NO_FILTERS, 1, 1, signal)).total > 0,
  });
}

export function useHasAppointments() {
  return useQuery(getHasAppointmentsQueryOptions());
}
