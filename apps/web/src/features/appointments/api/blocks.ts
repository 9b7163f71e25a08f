import type { Block, BlockInput } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const BLOCKS_QUERY_KEY = ['blocks'] as const;

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BLOCKS_QUERY_KEY }),
  });
}

export function useRemoveBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/blocks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BLOCKS_QUERY_KEY }),
  });
}
