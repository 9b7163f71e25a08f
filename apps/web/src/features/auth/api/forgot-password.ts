import type { EmailOnlyInput, MessageResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Mails a reset link; the server answers the same whether or not the address has an account. */
export function requestPasswordReset(input: EmailOnlyInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
