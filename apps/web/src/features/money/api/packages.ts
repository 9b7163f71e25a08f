import type { ClientMoney, ClientPackage, PackageInput, SessionPackage } from '@agendaki/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createIdBatcher } from '@/lib/batch-by-id';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { MONEY_QUERY_KEY } from './closing';

export const PACKAGES_QUERY_KEY = [...MONEY_QUERY_KEY, 'packages'] as const;
export const CLIENT_MONEY_QUERY_KEY = [...MONEY_QUERY_KEY, 'client'] as const;

const enc = encodeURIComponent;

export function packagesQueryOptions() {
  return queryOptions({
    queryKey: PACKAGES_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<SessionPackage[]>('/api/packages', { signal }),
  });
}

export function usePackages() {
  return useQuery(packagesQueryOptions());
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PackageInput) => apiClient.post<SessionPackage>('/api/packages', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_QUERY_KEY }),
  });
}

export function useSetPackageActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiClient.patch<SessionPackage>(`/api/packages/${enc(id)}`, { isActive }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_QUERY_KEY }),
  });
}

/** The client's packages and what she still owes (the client's card, the appointment form). */
export function useClientMoney(clientId: string | undefined) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_QUERY_KEY, clientId],
    queryFn: ({ signal }) =>
      apiClient.get<ClientMoney>(`/api/clients/${enc(clientId!)}/money`, { signal }),
    enabled: Boolean(clientId),
  });
}

export function useSellPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      clientId,
      input,
    }: {
      clientId: string;
      input: { packageId: string; payments: { method: string; amountCents: number }[] };
    }) => apiClient.post<ClientPackage>(`/api/clients/${enc(clientId)}/packages`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY }),
  });
}

/** A session of the client's package for an appointment just booked from the Agenda. */
export function useUsePackageSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      appointmentId,
      clientPackageId,
    }: {
      appointmentId: string;
      clientPackageId: string;
    }) =>
      apiClient.post<void>(`/api/appointments/${enc(appointmentId)}/package-session`, {
        clientPackageId,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
      ]),
  });
}

// The Clientes page's cards each ask for their client's balance; the asks of one render go out
// as one request (`/api/money/clients?ids=…`).
const loadClientMoney = createIdBatcher(
  (ids) =>
    apiClient.get<(ClientMoney & { clientId: string })[]>(
      `/api/money/clients?ids=${ids.join(',')}`,
    ),
  (row) => row.clientId,
);

export function useClientMoneyOnCard(clientId: string) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_QUERY_KEY, 'card', clientId],
    queryFn: () => loadClientMoney(clientId),
  });
}
