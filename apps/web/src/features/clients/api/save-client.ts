import type { Client, ClientInput } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { CLIENTS_QUERY_KEY } from './get-clients';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

export function createClient(input: ClientInput): Promise<Client> {
  return apiClient.post<Client>('/api/clients', input);
}

export function updateClient(id: string, input: ClientInput): Promise<Client> {
  return apiClient.patch<Client>(`/api/clients/${encodeURIComponent(id)}`, input);
}

/** Creates (no id) or updates (id) a client. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ClientInput }) =>
      id ? updateClient(id, input) : createClient(input),
    // Appointment cards show the client's name and phone: refresh them too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
        // The dashboard home counts clients.
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
