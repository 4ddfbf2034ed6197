// Filters in the URL (?idAgent=5&activeOnly=1&isCurrencyReport=1&search=pl10), parsed with the
// contract's request schema; anything unusable falls back to the signed-in agent and no filter.
import { PlayerStandingRequest } from '@backline/contract/endpoints/money-reports';
import { useMemo } from 'react';
import { readFlag, readParam, useParamPatch, type ParamPatch } from '@/lib/search-params';
import { useAgentStore } from '@/stores/agent-store';
import type { PlayerStandingFilters } from '../api/get-player-standing';

export function parsePlayerStandingFilters(
  params: URLSearchParams,
  selfId: number,
  agentIds: ReadonlySet<number>,
): PlayerStandingFilters & { search: string } {
  const idAgent = readParam(params, 'idAgent', PlayerStandingRequest.shape.idAgent, selfId);
  return {
    idAgent: agentIds.has(idAgent) ? idAgent : selfId,
    activeOnly: readFlag(params, 'activeOnly'),
    isCurrencyReport: readFlag(params, 'isCurrencyReport'),
    search: readParam(params, 'search', PlayerStandingRequest.shape.search, ''),
  };
}

export function usePlayerStandingFilters() {
  const [params, patch] = useParamPatch();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const filters = useMemo(
    () => parsePlayerStandingFilters(params, selfId, agentIds),
    [params, selfId, agentIds],
  );
  const setFilters = (changes: Partial<PlayerStandingFilters & { search: string }>) =>
    patch({ ...changes, search: changes.search === '' ? null : changes.search } as ParamPatch, {
      replace: 'search' in changes,
    });
  return [filters, setFilters] as const;
}
