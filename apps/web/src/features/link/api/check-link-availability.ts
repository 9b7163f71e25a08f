import type { LinkAvailability } from '@agendaki/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const LINK_AVAILABILITY_QUERY_KEY = ['link-availability'] as const;

/** Whether `link` (normalized by the server with the shared rule) could be saved as one's link. */
export function checkLinkAvailability(
  link: string,
  signal?: AbortSignal,
): Promise<LinkAvailability> {
  return apiClient.get<LinkAvailability>(
    `/api/profile/link-availability?link=${encodeURIComponent(link)}`,
    { signal },
  );
}

export function getLinkAvailabilityQueryOptions(link: string) {
  return queryOptions({
    queryKey: [...LINK_AVAILABILITY_QUERY_KEY, link],
    queryFn: ({ signal }) => checkLinkAvailability(link, signal),
    // Another professional may take the link at any moment: always ask again.
    staleTime: 0,
    retry: false,
  });
}
