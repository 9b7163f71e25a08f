import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { waitlistKeys } from './keys';

/** Whether the professional offers "Entrar na lista de espera" on the public page. */
export function getPublicWaitlistSettings(professionalId: string, signal?: AbortSignal) {
  return apiClient.get<{ enabled: boolean }>(
    `/api/public/waitlist-settings/${encodeURIComponent(professionalId)}`,
    { signal },
  );
}

export function usePublicWaitlist(professionalId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: waitlistKeys.publicSettings(professionalId),
      queryFn: ({ signal }) => getPublicWaitlistSettings(professionalId, signal),
      staleTime: 60_000,
    }),
    enabled,
  });
}
