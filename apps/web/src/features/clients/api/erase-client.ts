import type { Client, EraseClientInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { CLIENTS_QUERY_KEY } from './get-clients';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

/**
 * "Excluir dados pessoais" (docs/decisions/012-lgpd.md): the server checks the typed name and
 * answers the client as "Cliente removido"; their appointments stay, so the Agenda and the
 * dashboard are refreshed too.
 */
export function eraseClient(id: string, input: EraseClientInput): Promise<Client> {
  return apiClient.post<Client>(`/api/clients/${encodeURIComponent(id)}/erase`, input);
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: string; confirmName: string }) =>
      eraseClient(id, { confirmName }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}

/** The address of a client's export; a plain link downloads it with the session cookie. */
export function getClientExportHref(id: string, format: 'json' | 'csv'): string {
  return `/api/clients/${encodeURIComponent(id)}/export?format=${format}`;
}
