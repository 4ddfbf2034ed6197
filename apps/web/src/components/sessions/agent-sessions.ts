// A sub-agent's live sessions, and ending them all, for an agent above it with manageAgents.
import { endAgentSessions, getAgentSessions } from '@backline/contract/calls/sessions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

export const agentSessionsQueryOptions = (idAgent: number) =>
  endpointQueryOptions(['agent-sessions', idAgent], getAgentSessions, { query: { idAgent } });

export const useAgentSessions = (idAgent: number) => useQuery(agentSessionsQueryOptions(idAgent));

export const useEndAgentSessions = () =>
  useChange(
    (idAgent: number) => apiCall(endAgentSessions, { body: { IdAgent: idAgent } }),
    ['agent-sessions', 'login-history'],
  );
