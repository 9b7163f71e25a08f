import type { Service, ServiceInput, ServiceUpdate } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SERVICES_QUERY_KEY } from './get-services';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

export function createService(input: ServiceInput): Promise<Service> {
  return apiClient.post<Service>('/api/services', input);
}

export function updateService(id: string, input: ServiceUpdate): Promise<Service> {
  return apiClient.patch<Service>(`/api/services/${encodeURIComponent(id)}`, input);
}

/** Creates (no id) or updates (id) a service; the lists refresh either way. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ServiceInput }) =>
      id ? updateService(id, input) : createService(input),
    // Appointments (the agenda, the dashboard's next ones) show the service's name.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
