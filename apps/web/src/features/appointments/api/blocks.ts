import type { Block, BlockInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './get-appointments';

export const BLOCKS_QUERY_KEY = ['blocks'] as const;

/** A block changes the blocks list and the day and week grids, which shade it. */
function refreshBlocks(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BLOCKS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: [...APPOINTMENTS_QUERY_KEY, 'calendar'] }),
  ]);
}

/** "Bloquear horário": the coming blocks (docs/decisions/009-real-week.md). */
export function useBlocks() {
  return useQuery({
    queryKey: BLOCKS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<Block[]>('/api/blocks', { signal }),
  });
}

export function useAddBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockInput) => apiClient.post<Block>('/api/blocks', input),
    onSuccess: () => refreshBlocks(queryClient),
  });
}

export function useRemoveBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/blocks/${encodeURIComponent(id)}`),
    onSuccess: () => refreshBlocks(queryClient),
  });
}
