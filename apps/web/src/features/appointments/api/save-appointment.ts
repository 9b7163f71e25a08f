import type { Appointment, AppointmentInput, AppointmentUpdate } from '@agendaki/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

export function createAppointment(input: AppointmentInput): Promise<Appointment> {
  return apiClient.post<Appointment>('/api/appointments', input);
}

/** The server recomputes end time and price from the service (when they are sent). */
export function updateAppointment(id: string, input: AppointmentUpdate): Promise<Appointment> {
  return apiClient.patch<Appointment>(`/api/appointments/${encodeURIComponent(id)}`, input);
}

/** The agenda and the dashboard home's figures and next appointments. */
export function invalidateAppointmentViews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  ]);
}

/** A new appointment whole, or what changes in one. */
export type SaveAppointment =
  { id?: undefined; input: AppointmentInput } | { id: string; input: AppointmentUpdate };

/** Creates (no id) or updates (id). An overlap is refused by the server with 409. */
export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAppointment) =>
      request.id === undefined
        ? createAppointment(request.input)
        : updateAppointment(request.id, request.input),
    onSuccess: () => invalidateAppointmentViews(queryClient),
  });
}
