import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SERVICES_QUERY_KEY } from './get-services';

/** Refused with 409 when the service has appointments (docs/product.md, Data). */
export function deleteService(id: string): Promise<void> {
  return apiClient.delete<void>(`/api/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY }),
  });
}
