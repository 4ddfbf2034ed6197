// Filters in the URL (?period=3&idAgent=5&activeOnly=1&withBalanceOnly=1&isCurrencyReport=1),
// parsed with the contract's request schema; anything unusable falls back to the defaults.
import { NewWeeklyBalanceRequest } from '@backline/contract/endpoints/weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/enums';
import { settlementPeriod } from '@backline/contract/periods';
import { useMemo } from 'react';
import { readFlag, readParam, useParamPatch, type ParamPatch } from '@/lib/search-params';
import { useAgentStore } from '@/stores/agent-store';
import type { NewWeeklyBalanceFilters } from '../api/get-new-weekly-balance';

export function parseNewWeeklyBalanceFilters(
  params: URLSearchParams,
  selfId: number,
  agentIds: ReadonlySet<number>,
  /** The week the screen opens on (settlementPeriod: last week on a Monday). */
  defaultPeriod: number,
): NewWeeklyBalanceFilters {
  const period = readParam(params, 'period', NewWeeklyBalanceRequest.shape.period, defaultPeriod);
  const idAgent = readParam(params, 'idAgent', NewWeeklyBalanceRequest.shape.idAgent, selfId);
  return {
    period: (WEEK_PERIODS as readonly number[]).includes(period) ? period : defaultPeriod,
    idAgent: agentIds.has(idAgent) ? idAgent : selfId,
    activeOnly: readFlag(params, 'activeOnly'),
    withBalanceOnly: readFlag(params, 'withBalanceOnly'),
    isCurrencyReport: readFlag(params, 'isCurrencyReport'),
  };
}

export function useNewWeeklyBalanceFilters() {
  const [params, patch] = useParamPatch();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const defaultPeriod = settlementPeriod(new Date(), timeZone);
  const filters = useMemo(
    () => parseNewWeeklyBalanceFilters(params, selfId, agentIds, defaultPeriod),
    [params, selfId, agentIds, defaultPeriod],
  );
  const setFilters = (changes: Partial<NewWeeklyBalanceFilters>) => patch(changes as ParamPatch);
  return [filters, setFilters] as const;
}
