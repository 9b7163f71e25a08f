import type { Series, SeriesChange, SeriesInput, SeriesPreview } from '@agendaki/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './get-appointments';
import { invalidateAppointmentViews } from './save-appointment';

/** Horário fixo (docs/product.md, Horário fixo): its page lives under the appointments' key. */
export const SERIES_QUERY_KEY = [...APPOINTMENTS_QUERY_KEY, 'series'] as const;

export function previewSeries(input: SeriesInput): Promise<SeriesPreview> {
  return apiClient.post<SeriesPreview>('/api/series/preview', input);
}

export function usePreviewSeries() {
  return useMutation({ mutationFn: previewSeries });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeriesInput) => apiClient.post<Series>('/api/series', input),
    onSuccess: () => invalidateAppointmentViews(queryClient),
  });
}

export function getSeriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...SERIES_QUERY_KEY, id],
    queryFn: ({ signal }) =>
      apiClient.get<Series>(`/api/series/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useSeries(id: string | null) {
  return useQuery({ ...getSeriesQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** A change from one occurrence: "Só este", "Este e os seguintes" or "Toda a série". */
export function useChangeSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SeriesChange) =>
      apiClient.post<{ changed: number }>(`/api/series/${encodeURIComponent(id)}/change`, change),
    onSuccess: () => invalidateAppointmentViews(queryClient),
  });
}
