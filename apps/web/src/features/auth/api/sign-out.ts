import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { forgetSession } from './get-me';

/** Ends the session on the server (the cookie stops working everywhere). */
export function signOut(): Promise<void> {
  return apiClient.post<void>('/api/auth/sign-out');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetSession(queryClient),
  });
}
