import type { ChangePasswordInput, ChangePasswordResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * Configurações > Segurança. The server checks the current password (400 "Senha atual
 * incorreta"), ends the user's other sessions (this one stays) and unused sign-in links, and
 * gives a calendar feed in use a new address, answered here once.
 */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return apiClient.post<ChangePasswordResponse>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
