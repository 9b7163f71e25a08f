import type { EmailOnlyInput, MessageResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Mails a new confirmation link if the address has an unconfirmed account (same answer either way). */
export function resendVerification(input: EmailOnlyInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/resend-verification', input);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
