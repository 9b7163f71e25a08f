import type { AnamnesisForm, AnamnesisFormInput, AnsweredForm } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const ANAMNESIS_QUERY_KEY = ['anamnesis'] as const;
const FORMS_KEY = [...ANAMNESIS_QUERY_KEY, 'forms'] as const;

/** Fichas de anamnese (issue 50): the professional's forms, each with its services. */
export function useAnamnesisForms() {
  return useQuery({
    queryKey: FORMS_KEY,
    queryFn: ({ signal }) => apiClient.get<AnamnesisForm[]>('/api/anamnesis/forms', { signal }),
  });
}

/** Creates a form (no id) or saves a new version of it (id). */
export function useSaveAnamnesisForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AnamnesisFormInput }) =>
      id
        ? apiClient.put<AnamnesisForm>(`/api/anamnesis/forms/${encodeURIComponent(id)}`, input)
        : apiClient.post<AnamnesisForm>('/api/anamnesis/forms', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

/** The answers given for an appointment's booking; read only when asked for. */
export function useAppointmentAnswers(appointmentId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...ANAMNESIS_QUERY_KEY, 'appointment', appointmentId],
    queryFn: ({ signal }) =>
      apiClient.get<AnsweredForm[]>(
        `/api/anamnesis/appointments/${encodeURIComponent(appointmentId)}`,
        { signal },
      ),
    enabled: isEnabled,
  });
}
