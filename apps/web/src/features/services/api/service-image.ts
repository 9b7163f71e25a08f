import type { Service } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SERVICES_QUERY_KEY } from './get-services';

/** Sends the image as multipart; the server decides its type from its bytes. */
export function uploadServiceImage(id: string, file: File): Promise<Service> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post<Service>(`/api/services/${encodeURIComponent(id)}/image`, form);
}

export function removeServiceImage(id: string): Promise<Service> {
  return apiClient.delete<Service>(`/api/services/${encodeURIComponent(id)}/image`);
}

export function useUploadServiceImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadServiceImage(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY }),
  });
}

export function useRemoveServiceImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeServiceImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY }),
  });
}
