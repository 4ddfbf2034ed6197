import { Period } from '@backline/contract/enums';
import { computePeriod } from '@backline/contract/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAgentStore } from '@/stores/agent-store';
import {
  parseWagerCenter,
  toSearchParams,
  type ParseContext,
  type WagerCenterState,
} from '../utils/filters';

export interface WagerCenterPatch extends Partial<Omit<WagerCenterState, 'list'>> {
  list?: Partial<WagerCenterState['list']>;
}

/** The wager center's tab and filters, read from and written to the URL. */
export function useWagerCenterState() {
  const [params, setParams] = useSearchParams();
  const subAgents = useAgentStore((s) => s.subAgents);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const ctx = useMemo<ParseContext>(() => {
    const week = computePeriod(Period.ThisWeek, new Date(), timeZone);
    return {
      agentIds: new Set(subAgents.map((a) => a.IdAgent)),
      defaultRange: { startDate: week.StartDate, endDate: week.EndDate },
    };
  }, [subAgents, timeZone]);
  const state = useMemo(() => parseWagerCenter(params, ctx), [params, ctx]);
  const update = useCallback(
    (patch: WagerCenterPatch) => {
      // Any change but a page turn starts again from the first page of the new set.
      const page = patch.list?.page ?? 1;
      const next: WagerCenterState = {
        ...state,
        ...patch,
        list: { ...state.list, ...patch.list, page },
      };
      setParams(toSearchParams(next, ctx));
    },
    [state, ctx, setParams],
  );
  return [state, update] as const;
}
