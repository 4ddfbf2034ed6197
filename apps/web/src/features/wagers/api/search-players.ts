import { getAgentPlayerTree, type TreeNode } from '@backline/contract/reports/agent-tree';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Players of the subtree whose login or name contains the text. */
export async function searchPlayers(search: string, signal?: AbortSignal): Promise<TreeNode[]> {
  const found = await apiCall(getAgentPlayerTree, { query: { search }, signal });
  return found.Nodes.filter((n) => n.Kind === 'player');
}

export function searchPlayersQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['wagers', 'player-search', search],
    queryFn: ({ signal }) => searchPlayers(search, signal),
    staleTime: 60_000,
  });
}

export function useSearchPlayers(search: string) {
  return useQuery({
    ...searchPlayersQueryOptions(search),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
