// Acting for a sub-agent: the profile and subtree are fetched as that agent before anything is
// switched, so a refused id (403) leaves the current view untouched.
import { getSubAgents } from '@backline/contract/calls/agents';
import { agentLogin } from '@backline/contract/calls/auth';
import type { QueryClient } from '@tanstack/react-query';
import { agentCredentials, apiCall } from '@/lib/api-client';
import { useAgentStore } from '@/stores/agent-store';

export async function switchView(actAs: number, queryClient: QueryClient): Promise<void> {
  const { session, beginBusy, setActAs } = useAgentStore.getState();
  const credentials = agentCredentials(session, actAs) ?? undefined;
  const endBusy = beginBusy();
  try {
    const [profile, subAgents] = await Promise.all([
      apiCall(agentLogin, { credentials }),
      apiCall(getSubAgents, { credentials, body: {} }),
    ]);
    setActAs(actAs, profile, subAgents);
    await queryClient.invalidateQueries();
  } finally {
    endBusy();
  }
}
