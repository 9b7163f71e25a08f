import type { ManageRescheduleInput, ManageView } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The client's manage link (docs/decisions/013-after-the-booking.md): every call is by token. */
const base = (token: string) => `/api/public/manage/${encodeURIComponent(token)}`;

export const manageQueryKey = (token: string) => ['manage', token] as const;

export function useManageView(token: string) {
  return useQuery({
    queryKey: manageQueryKey(token),
    queryFn: ({ signal }) => apiClient.get<ManageView>(base(token), { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useRescheduleSlots(token: string, date: string | null) {
  return useQuery({
    queryKey: [...manageQueryKey(token), 'slots', date],
    queryFn: ({ signal }) =>
      apiClient.get<{ date: string; slots: string[] }>(
        `${base(token)}/slots?date=${encodeURIComponent(date ?? '')}`,
        { signal },
      ),
    enabled: date !== null,
    staleTime: 0,
    retry: false,
  });
}

type Action =
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'reschedule'; input: ManageRescheduleInput }
  | { type: 'skip'; bookingId: string };

export function useManageAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => {
      if (action.type === 'reschedule') {
        return apiClient.post<ManageView>(`${base(token)}/reschedule`, action.input);
      }
      if (action.type === 'skip') {
        return apiClient.post<ManageView>(`${base(token)}/skip`, { bookingId: action.bookingId });
      }
      return apiClient.post<ManageView>(`${base(token)}/${action.type}`);
    },
    onSuccess: (view) => {
      queryClient.setQueryData(manageQueryKey(token), view);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...manageQueryKey(token), 'slots'] });
    },
  });
}

export function icsUrl(token: string): string {
  return `${base(token)}/ics`;
}
