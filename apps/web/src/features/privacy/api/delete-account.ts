import type { DeleteAccountInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetSession } from '@/features/auth/api/get-me';
import { apiClient } from '@/lib/api-client';

/**
 * "Excluir minha conta" (docs/decisions/012-lgpd.md): the password typed again; the server
 * cancels the subscription, deletes every record and image and ends every session.
 */
export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return apiClient.post<void>('/api/account/delete', input);
}

/**
 * The caller leaves the dashboard first, then calls `forget` (the session is gone): forgetting
 * while still on a dashboard page would have its guard send the person to /auth instead.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteAccount });
  return { ...mutation, forget: () => forgetSession(queryClient) };
}

/** "Exportar tudo": a ZIP streamed by the server, downloaded by a plain link. */
export const ACCOUNT_EXPORT_HREF = '/api/account/export';
