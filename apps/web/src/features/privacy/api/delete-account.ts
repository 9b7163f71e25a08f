import type { DeleteAccountInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
 * The caller leaves the dashboard once the account is deleted; the session is forgotten only
 * when the caller unmounts, that is once the next page has replaced the dashboard. Forgetting
 * it sooner lets the dashboard's guard, still on screen while the navigation is a pending
 * transition, send the person to /auth instead of the landing page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      deleted.current = true;
    },
  });
  useEffect(
    () => () => {
      if (deleted.current) void forgetSession(queryClient);
    },
    [queryClient],
  );
  return mutation;
}

/** "Exportar tudo": a ZIP streamed by the server, downloaded by a plain link. */
export const ACCOUNT_EXPORT_HREF = '/api/account/export';
