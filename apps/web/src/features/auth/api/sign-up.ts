import type { MessageResponse, SignUpInput } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Creates the account (unconfirmed) and mails the confirmation link; 409 if the e-mail exists. */
export function signUp(input: SignUpInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/sign-up', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
