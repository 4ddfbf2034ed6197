// The picker lists the signed-in agent's own subtree, not the view agent's, so one can move
// between any of its sub-agents without first coming back to self.
import { getSubAgents } from '@backline/contract/calls/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentCredentials, apiCall } from '@/lib/api-client';
import { useAgentStore } from '@/stores/agent-store';

export function ownSubAgentsQueryOptions(selfId: number) {
  return queryOptions({
    queryKey: ['view-as', 'sub-agents', selfId],
    queryFn: ({ signal }) =>
      apiCall(getSubAgents, {
        signal,
        body: {},
        credentials: agentCredentials(useAgentStore.getState().session, 0) ?? undefined,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useOwnSubAgents(selfId: number) {
  return useQuery(ownSubAgentsQueryOptions(selfId));
}
