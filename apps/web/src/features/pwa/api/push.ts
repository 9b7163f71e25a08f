import type { PushDevice, PushDeviceInput, PushKind, PushStatus } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const PUSH_QUERY_KEY = ['push'] as const;

/** Configurações > Aplicativo: the server's VAPID key and the devices subscribed. */
export function usePushStatus() {
  return useQuery({
    queryKey: PUSH_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<PushStatus>('/api/push', { signal }),
  });
}

function replaceDevice(status: PushStatus | undefined, device: PushDevice) {
  if (!status) return status;
  const others = status.devices.filter((d) => d.id !== device.id);
  return { ...status, devices: [...others, device] };
}

/** This browser's subscription, new or refreshed. */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PushDeviceInput) => apiClient.put<PushDevice>('/api/push/devices', input),
    onSuccess: (device) =>
      queryClient.setQueryData<PushStatus>(PUSH_QUERY_KEY, (s) => replaceDevice(s, device)),
  });
}

export function useUpdateDeviceKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabledKinds }: { id: string; disabledKinds: PushKind[] }) =>
      apiClient.patch<PushDevice>(`/api/push/devices/${encodeURIComponent(id)}`, {
        disabledKinds,
      }),
    onSuccess: (device) =>
      queryClient.setQueryData<PushStatus>(PUSH_QUERY_KEY, (s) => replaceDevice(s, device)),
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete<void>(`/api/push/devices/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<PushStatus>(PUSH_QUERY_KEY, (s) =>
        s ? { ...s, devices: s.devices.filter((d) => d.id !== id) } : s,
      ),
  });
}

export function useSendTestPush() {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post<{ message: string }>(`/api/push/devices/${encodeURIComponent(id)}/test`),
  });
}
