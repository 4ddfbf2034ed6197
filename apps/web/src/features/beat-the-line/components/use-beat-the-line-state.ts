import { Period } from '@backline/contract/core/enums';
import { computePeriod } from '@backline/contract/core/periods';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import {
  BEAT_THE_LINE_DEFAULTS,
  BEAT_THE_LINE_URL,
  beatTheLineParams,
  beatTheLineState,
  type BeatTheLineState,
  type DefaultRange,
} from '../utils/filters';

export interface BeatTheLinePatch {
  filters?: Partial<BeatTheLineState['filters']>;
  sort?: BeatTheLineState['sort'];
  dir?: BeatTheLineState['dir'];
}

const TRUE_AS = { trueAs: 'true' } as const;

export function useBeatTheLineState() {
  const [url, setUrl] = useUrlState(BEAT_THE_LINE_URL, BEAT_THE_LINE_DEFAULTS, TRUE_AS);
  const idAgent = useScopedAgent(url.idAgent);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const defaultRange = useMemo<DefaultRange>(() => {
    const week = computePeriod(Period.ThisWeek, new Date(), timeZone);
    return { startDate: week.StartDate, endDate: week.EndDate };
  }, [timeZone]);
  const state = useMemo(
    () => beatTheLineState(url, idAgent, defaultRange),
    [url, idAgent, defaultRange],
  );
  const update = useCallback(
    (patch: BeatTheLinePatch) => {
      const next: BeatTheLineState = {
        ...state,
        ...patch,
        filters: { ...state.filters, ...patch.filters },
      };
      const change = beatTheLineParams(next, defaultRange);
      if (patch.filters?.idAgent !== undefined) change.idAgent = patch.filters.idAgent;
      setUrl(change);
    },
    [state, defaultRange, setUrl],
  );
  return [state, update] as const;
}
