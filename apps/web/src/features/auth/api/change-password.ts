import type { ChangePasswordInput, MessageResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * Configurações > Segurança. The server checks the current password (400 "Senha atual
 * incorreta") and ends the user's other sessions; this one stays, so nothing cached changes.
 */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
