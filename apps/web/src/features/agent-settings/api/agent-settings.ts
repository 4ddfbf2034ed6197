import type { BodyOf } from '@backline/contract/core/endpoint';
import { getAgentSettings, setAgentSettings } from '@backline/contract/calls/agent-settings';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

export const useAgentSettings = (idAgent: number) =>
  useQuery(
    endpointQueryOptions(['agent-settings', idAgent], getAgentSettings, { body: { idAgent } }),
  );

/** A sub-agent's settings: its own and every agent's below may have narrowed. */
export const useSetAgentSettings = () =>
  useChange(
    (input: BodyOf<typeof setAgentSettings>) => apiCall(setAgentSettings, { body: input }),
    ['agent-settings', 'player'],
  );
