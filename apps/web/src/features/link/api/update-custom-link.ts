import type { CustomLinkUpdate, Profile } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCachedProfile } from '@/features/profile/api/update-profile';
import { apiClient } from '@/lib/api-client';
import { LINK_AVAILABILITY_QUERY_KEY } from './check-link-availability';

/**
 * Saves a new custom link. The server needs subscription access (403) and refuses a link that
 * another profile holds, even one taken a moment ago (409 "Link inválido ou já em uso.").
 */
export function updateCustomLink(input: CustomLinkUpdate): Promise<Profile> {
  return apiClient.put<Profile>('/api/profile/link', input);
}

export function useUpdateCustomLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomLink,
    onSuccess: (profile) => setCachedProfile(queryClient, profile),
    // Saved or refused, earlier answers about links may be wrong now: check them again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINK_AVAILABILITY_QUERY_KEY }),
  });
}
