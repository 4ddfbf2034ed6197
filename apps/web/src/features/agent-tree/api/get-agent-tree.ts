import {
  getAgentPlayerTree,
  type AgentPlayerTreeResponse,
} from '@backline/contract/reports/agent-tree';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const TREE_PAGE_SIZE = 200;

export interface TreeRequest {
  actAs: number;
  idAgent?: number;
  page?: number;
  search?: string;
}

export function treeQueryOptions({ actAs, idAgent, page = 1, search }: TreeRequest) {
  return queryOptions({
    // The view agent is part of the key: the same idAgent reads differently for another view.
    queryKey: ['agent-tree', actAs, idAgent ?? null, page, search ?? null],
    queryFn: ({ signal }) =>
      apiCall(getAgentPlayerTree, {
        signal,
        query: { idAgent, page, pageSize: TREE_PAGE_SIZE, search },
      }),
    staleTime: 60_000,
  });
}

/** Deeper levels are fetched on demand (expanding, paging) through the same cache. */
export function fetchTreeLevel(
  queryClient: QueryClient,
  request: TreeRequest,
): Promise<AgentPlayerTreeResponse> {
  return queryClient.fetchQuery(treeQueryOptions(request));
}
