// The report's state in the URL (see ../utils/filters.ts); an agent outside the caller's subtree
// falls back to the signed-in agent.
import { settlementPeriod } from '@backline/contract/core/periods';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import {
  WEEKLY_BALANCE_DEFAULTS,
  WEEKLY_BALANCE_URL,
  weeklyBalanceChange,
  weeklyBalanceState,
  type WeeklyBalanceState,
} from '../utils/filters';

export function useWeeklyBalanceFilters() {
  const [url, setUrl] = useUrlState(WEEKLY_BALANCE_URL, WEEKLY_BALANCE_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const defaultPeriod = settlementPeriod(new Date(), timeZone);
  const state = useMemo(
    () => weeklyBalanceState(url, idAgent, defaultPeriod),
    [url, idAgent, defaultPeriod],
  );
  // Only the changed parameters are written, so a change never undoes another made just before.
  const update = useCallback(
    (change: Partial<WeeklyBalanceState>, options?: { replace?: boolean }) =>
      setUrl(weeklyBalanceChange(change), options),
    [setUrl],
  );
  return [state, update] as const;
}
