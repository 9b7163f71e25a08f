import type { AdminNumbers } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './get-professionals';

export const adminNumbersKey = [...ADMIN_QUERY_KEY, 'numbers'] as const;

export function useAdminNumbers() {
  return useQuery(
    queryOptions({
      queryKey: adminNumbersKey,
      queryFn: ({ signal }) => apiClient.get<AdminNumbers>('/api/admin/numbers', { signal }),
      retry: false,
    }),
  );
}
