import { MAX_PAGE_SIZE, type Client, type Page, type Service } from '@agendaki/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/*
 * What the appointment form offers. The keys start with 'clients' and 'services' so those
 * features' mutations refresh these lists too.
 */

export function getClientChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'choices'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Page<Client>>(`/api/clients?sort=name&pageSize=${MAX_PAGE_SIZE}`, {
          signal,
        })
      ).items,
  });
}

export function useClientChoices() {
  return useQuery(getClientChoicesQueryOptions());
}

/** Only active services can be booked, by name. */
export function getServiceChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['services', 'active'],
    queryFn: ({ signal }) => apiClient.get<Service[]>('/api/services?active=true', { signal }),
  });
}

export function useServiceChoices() {
  return useQuery(getServiceChoicesQueryOptions());
}
