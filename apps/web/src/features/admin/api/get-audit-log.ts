import type { AuditEntry } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './get-professionals';

export const auditLogKey = [...ADMIN_QUERY_KEY, 'audit-log'] as const;

export function useAuditLog() {
  return useQuery(
    queryOptions({
      queryKey: auditLogKey,
      queryFn: ({ signal }) =>
        apiClient.get<{ entries: AuditEntry[] }>('/api/admin/audit-log', { signal }),
      retry: false,
    }),
  );
}
