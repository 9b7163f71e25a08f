import type { SignInInput, SignInResponse } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshMe } from './get-me';

/**
 * 401 "Email ou senha inválidos", 403 EMAIL_NOT_VERIFIED, 429 "Muitas tentativas…" (per address)
 * or 429 SIGN_IN_THROTTLED (per account: wait, or ask for an e-mailed link).
 */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/api/auth/sign-in', input);
}

/** Resolves once the new session is in the cache, so guards see the user right away. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      await refreshMe(queryClient);
    },
  });
}
