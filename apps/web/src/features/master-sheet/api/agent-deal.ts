import type { BodyOf } from '@backline/contract/core/endpoint';
import {
  getAgentDeal,
  setAgentDeal,
  setDealDefaults,
} from '@backline/contract/reports/master-sheet';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

/** An agent's deal, its history and its defaults; no agent: the caller's own. */
export const useAgentDeal = (idAgent?: number) =>
  useQuery(endpointQueryOptions(['agent-deal', idAgent ?? 0], getAgentDeal, { body: { idAgent } }));

// A deal moves the sheet's earnings and owed figures from its first week on.
export const useSetAgentDeal = () =>
  useChange(
    (input: BodyOf<typeof setAgentDeal>) => apiCall(setAgentDeal, { body: input }),
    ['agent-deal', 'master-sheet'],
  );

export const useSetDealDefaults = () =>
  useChange(
    (input: BodyOf<typeof setDealDefaults>) => apiCall(setDealDefaults, { body: input }),
    ['agent-deal'],
  );
