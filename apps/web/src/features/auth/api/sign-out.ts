import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetThisDevice } from '@/features/pwa/lib/forget-device';
import { apiClient } from '@/lib/api-client';
import { forgetSession } from './get-me';

/** Ends the session on the server (the cookie stops working everywhere). */
export async function signOut(): Promise<void> {
  await apiClient.post<void>('/api/auth/sign-out');
  await forgetThisDevice();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetSession(queryClient),
  });
}
