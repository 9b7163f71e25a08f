import type { ClientListItem, Page } from '@agendaki/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every clients query starts with this key; mutations invalidate it whole. */
export const CLIENTS_QUERY_KEY = ['clients'] as const;
export const CLIENTS_PAGE_SIZE = 24;

export interface GetClientsParams {
  /** Name, e-mail or part of the phone; the server does the matching. */
  search?: string;
  page?: number;
  pageSize?: number;
}

export function getClients(
  params: GetClientsParams,
  signal?: AbortSignal,
): Promise<Page<ClientListItem>> {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.page) query.set('page', String(params.page));
  if (params.pageSize) query.set('pageSize', String(params.pageSize));
  const search = query.toString();
  return apiClient.get<Page<ClientListItem>>(`/api/clients${search ? `?${search}` : ''}`, {
    signal,
  });
}

/** Newest first, a page at a time ("Carregar mais"). */
export function getClientsInfiniteQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...CLIENTS_QUERY_KEY, 'list', { search }],
    queryFn: ({ pageParam, signal }) =>
      getClients({ search, page: pageParam, pageSize: CLIENTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // A new search keeps the previous results on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useClients(search: string) {
  return useInfiniteQuery(getClientsInfiniteQueryOptions(search));
}
