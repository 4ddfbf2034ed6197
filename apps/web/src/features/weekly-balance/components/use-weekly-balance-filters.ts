// The report's filters live in the URL (?period=3&idAgent=5), parsed with the contract's own
// request schema; anything unusable falls back to this week and the signed-in agent.
import { WeeklyBalanceRequest } from '@backline/contract/endpoints/weekly-balance';
import { Period, WEEK_PERIODS } from '@backline/contract/enums';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAgentStore } from '@/stores/agent-store';
import type { WeeklyBalanceFilters } from '../api/get-weekly-balance';

export const DEFAULT_PERIOD = Period.ThisWeek;

export function parseWeeklyBalanceFilters(
  params: URLSearchParams,
  selfId: number,
  agentIds: ReadonlySet<number>,
): WeeklyBalanceFilters {
  const period = WeeklyBalanceRequest.shape.period.safeParse(params.get('period') ?? undefined);
  const idAgent = WeeklyBalanceRequest.shape.idAgent.safeParse(params.get('idAgent') ?? undefined);
  return {
    period:
      period.success &&
      period.data !== undefined &&
      (WEEK_PERIODS as readonly number[]).includes(period.data)
        ? period.data
        : DEFAULT_PERIOD,
    idAgent:
      idAgent.success && idAgent.data !== undefined && agentIds.has(idAgent.data)
        ? idAgent.data
        : selfId,
  };
}

export function useWeeklyBalanceFilters() {
  const [params, setParams] = useSearchParams();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const filters = useMemo(
    () => parseWeeklyBalanceFilters(params, selfId, agentIds),
    [params, selfId, agentIds],
  );
  const setFilters = useCallback(
    (patch: Partial<WeeklyBalanceFilters>) => {
      const next = { ...filters, ...patch };
      setParams({ period: String(next.period), idAgent: String(next.idAgent) });
    },
    [filters, setParams],
  );
  return [filters, setFilters] as const;
}
