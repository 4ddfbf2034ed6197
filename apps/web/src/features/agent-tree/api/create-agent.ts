import type { BodyOf } from '@backline/contract/core/endpoint';
import { createAgent, getNewAgentParents } from '@backline/contract/calls/agent-create';
import { getSubAgents } from '@backline/contract/calls/agents';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';
import { useAgentStore } from '@/stores/agent-store';

/** The agents a new agent may go under (the view agent and its tree), with what each may give. */
export const newAgentParentsQueryOptions = (actAs: number) =>
  endpointQueryOptions(['new-agent-parents', actAs], getNewAgentParents);

export const useNewAgentParents = () => {
  const actAs = useAgentStore((s) => s.actAs);
  return useQuery(newAgentParentsQueryOptions(actAs));
};

/** A new agent: the tree and the parents offered list it at once. */
export const useCreateAgent = () =>
  useChange(
    (input: BodyOf<typeof createAgent>) => apiCall(createAgent, { body: input }),
    ['agent-tree', 'new-agent-parents', 'agent-sign-ups'],
  );

/** The store's subtree read again, so every agent selector lists the new agent too. */
export async function refreshSubAgents(): Promise<void> {
  useAgentStore.getState().setSubAgents(await apiCall(getSubAgents, { body: {} }));
}
