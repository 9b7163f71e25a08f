import type { PublicProfessionalResponse } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readEmbeddedProfessional } from '../lib/embedded-data';

/** Every query of the public booking page starts with this key. */
export const PUBLIC_BOOKING_QUERY_KEY = ['public-booking'] as const;

/** The profile, active services, open weekdays and "today" (in the professional's zone). */
export function getPublicProfessional(
  identifier: string,
  signal?: AbortSignal,
): Promise<PublicProfessionalResponse> {
  return apiClient.get<PublicProfessionalResponse>(
    `/api/public/professionals/${encodeURIComponent(identifier)}`,
    { signal },
  );
}

export function getPublicProfessionalQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: [...PUBLIC_BOOKING_QUERY_KEY, 'professional', identifier],
    queryFn: ({ signal }) => getPublicProfessional(identifier, signal),
    // The server puts this answer in the page's HTML: the first paint needs no round trip.
    initialData: () => readEmbeddedProfessional(identifier),
    staleTime: 60_000,
  });
}

export function usePublicProfessional(identifier: string) {
  return useQuery({ ...getPublicProfessionalQueryOptions(identifier), enabled: identifier !== '' });
}
