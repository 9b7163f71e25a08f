import type { AdminProfessional } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './get-professionals';

export type AdminActionKind = 'resend-confirmation' | 'extend-trial' | 'suspend' | 'reactivate';

export interface AdminActionInput {
  professionalId: string;
  kind: AdminActionKind;
  reason: string;
  /** extend-trial only. */
  days?: number;
}

export function runAdminAction({ professionalId, kind, reason, days }: AdminActionInput) {
  return apiClient.post<{ message: string; professional: AdminProfessional }>(
    `/api/admin/professionals/${encodeURIComponent(professionalId)}/${kind}`,
    kind === 'extend-trial' ? { reason, days } : { reason },
  );
}

/** Every action refreshes the list, the audit log and the numbers. */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
