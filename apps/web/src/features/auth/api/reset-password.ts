import type { MessageResponse, ResetPasswordInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { forgetSession } from './get-me';

/** Uses up the mailed link (400 when invalid, expired or used) and sets the new password. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server ends every session of the user: a cached one would be stale.
    onSuccess: () => forgetSession(queryClient),
  });
}
