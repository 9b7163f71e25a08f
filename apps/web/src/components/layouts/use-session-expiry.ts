import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * A session can end while a page is open (expired, "Sair" on another tab, a password reset).
 * When any request of the dashboard answers 401, ask `GET /api/me` again: it answers null and
 * the layout's guard sends the visitor to /auth instead of leaving error cards behind.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const recheckSession = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === meQueryKey[0]) return;
      if (isUnauthorized(event.action.error)) recheckSession();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) recheckSession();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
