import type { AdminProfessional } from '@agendaki/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every query of the operator console lives under this key. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const adminProfessionalsKey = (search: string) =>
  [...ADMIN_QUERY_KEY, 'professionals', search] as const;

export function getProfessionals(search: string, signal?: AbortSignal) {
  const query = search ? `?${new URLSearchParams({ search }).toString()}` : '';
  return apiClient.get<{ professionals: AdminProfessional[] }>(`/api/admin/professionals${query}`, {
    signal,
  });
}

export function useAdminProfessionals(search: string) {
  return useQuery(
    queryOptions({
      queryKey: adminProfessionalsKey(search),
      queryFn: ({ signal }) => getProfessionals(search, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}
