import { Period } from '@backline/contract/enums';
import { computePeriod } from '@backline/contract/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAgentStore } from '@/stores/agent-store';
import { parseBeatTheLine, toSearchParams, type BeatTheLineState } from '../utils/filters';

export interface BeatTheLinePatch {
  filters?: Partial<BeatTheLineState['filters']>;
  sort?: BeatTheLineState['sort'];
  dir?: BeatTheLineState['dir'];
}

export function useBeatTheLineState() {
  const [params, setParams] = useSearchParams();
  const subAgents = useAgentStore((s) => s.subAgents);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const defaultRange = useMemo(() => {
    const week = computePeriod(Period.ThisWeek, new Date(), timeZone);
    return { startDate: week.StartDate, endDate: week.EndDate };
  }, [timeZone]);
  const state = useMemo(
    () => parseBeatTheLine(params, agentIds, defaultRange),
    [params, agentIds, defaultRange],
  );
  const update = useCallback(
    (patch: BeatTheLinePatch) => {
      const next: BeatTheLineState = {
        ...state,
        ...patch,
        filters: { ...state.filters, ...patch.filters },
      };
      setParams(toSearchParams(next, defaultRange));
    },
    [state, defaultRange, setParams],
  );
  return [state, update] as const;
}
