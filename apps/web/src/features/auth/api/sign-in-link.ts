import type { EmailOnlyInput, MessageResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * Mails a one-time sign-in link (the way in while sign-in is throttled); the server answers the
 * same whether or not the address has an account.
 */
export function requestSignInLink(input: EmailOnlyInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/sign-in-link', input);
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
