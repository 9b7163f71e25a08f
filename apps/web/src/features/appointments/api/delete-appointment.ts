import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateAppointmentViews } from './save-appointment';

export function deleteAppointment(id: string): Promise<void> {
  return apiClient.delete<void>(`/api/appointments/${encodeURIComponent(id)}`);
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: () => invalidateAppointmentViews(queryClient),
  });
}
