import type { MeResponse, Profile, ProfileUpdateInput } from '@agendaki/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/get-me';
import { apiClient } from '@/lib/api-client';

/** Configurações > Negócio: names, phone, bio and time zone of the signed-in professional. */
export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return apiClient.patch<Profile>('/api/profile', input);
}

/** Puts the saved profile into the session answer every page reads (`GET /api/me`). */
export function setCachedProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile } : me));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile, input) => {
      const previous = queryClient.getQueryData<MeResponse | null>(meQueryKey)?.profile;
      setCachedProfile(queryClient, profile);
      // "Today", the stats and the agenda are computed in the professional's zone (docs/product.md,
      // Time): when it changed, every answer but the session is stale.
      if (previous && previous.timezone !== input.timezone) {
        await queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== meQueryKey[0],
        });
      }
    },
  });
}
