import { getSubAgents } from '@backline/contract/calls/agents';
import { agentLogin, type AgentSummary } from '@backline/contract/calls/auth';
import type { TokenCredentials } from '@backline/contract/core/token';
import { apiCall } from '@/lib/api-client';
import { useAgentStore, type AgentProfile } from '@/stores/agent-store';

export interface AgentProfileWithTree {
  profile: AgentProfile;
  subAgents: AgentSummary[];
}

/** The agent, its site and rights (AgentProductsV2/Login) and its subtree, fetched side by side. */
export async function getAgentProfile(
  options: { signal?: AbortSignal; credentials?: TokenCredentials } = {},
): Promise<AgentProfileWithTree> {
  const [profile, subAgents] = await Promise.all([
    apiCall(agentLogin, options),
    apiCall(getSubAgents, { ...options, body: {} }),
  ]);
  return { profile, subAgents };
}

/** After a reload the session entry survives but not the agent: fetch it again under the overlay. */
export async function loadAgentProfile(signal?: AbortSignal): Promise<void> {
  const { beginBusy, setProfile } = useAgentStore.getState();
  const endBusy = beginBusy();
  try {
    const { profile, subAgents } = await getAgentProfile({ signal });
    if (!signal?.aborted) setProfile(profile, subAgents);
  } finally {
    endBusy();
  }
}
