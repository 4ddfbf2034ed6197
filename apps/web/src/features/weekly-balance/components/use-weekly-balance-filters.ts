// The report's state in the URL, parsed with the contract's schema (see ../utils/filters.ts); an
// agent outside the caller's subtree falls back to the signed-in agent.
import { settlementPeriod } from '@backline/contract/periods';
import { useCallback, useMemo } from 'react';
import { useParamPatch } from '@/lib/search-params';
import { useAgentStore } from '@/stores/agent-store';
import { changeParams, parseWeeklyBalanceState, type WeeklyBalanceState } from '../utils/filters';

export function useWeeklyBalanceFilters() {
  const [params, patch] = useParamPatch();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const defaultPeriod = settlementPeriod(new Date(), timeZone);
  const state = useMemo(
    () => parseWeeklyBalanceState(params, selfId, agentIds, defaultPeriod),
    [params, selfId, agentIds, defaultPeriod],
  );
  // Only the changed parameters are written, so a change never undoes another made just before.
  const update = useCallback(
    (change: Partial<WeeklyBalanceState>, options?: { replace?: boolean }) =>
      patch(changeParams(change), options),
    [patch],
  );
  return [state, update] as const;
}
