import type { Client, Page } from '@agendaki/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { CLIENTS_QUERY_KEY } from '@/features/clients/api/get-clients';

/** The appointment form's client picker shows this many matches; typing narrows them. */
export const CLIENT_SEARCH_PAGE_SIZE = 20;

/**
 * The first page of clients by name that match `search` (name or e-mail ignoring case and
 * accents, or part of the phone; the server matches), or the first clients when it is ''.
 */
export function searchClients(search: string, signal?: AbortSignal): Promise<Page<Client>> {
  const query = new URLSearchParams({
    sort: 'name',
    page: '1',
    pageSize: String(CLIENT_SEARCH_PAGE_SIZE),
  });
  if (search) query.set('search', search);
  return apiClient.get<Page<Client>>(`/api/clients?${query.toString()}`, { signal });
}

/** Starts with 'clients': the clients feature's mutations refresh it too. */
export function getClientSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...CLIENTS_QUERY_KEY, 'choices', { search }],
    queryFn: ({ signal }) => searchClients(search, signal),
    // The previous matches stay listed until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useClientSearch(search: string) {
  return useQuery(getClientSearchQueryOptions(search));
}
