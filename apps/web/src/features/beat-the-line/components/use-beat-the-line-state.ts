import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useThisWeek } from '@/lib/period-range';
import { useUrlState } from '@/lib/url-state';
import {
  BEAT_THE_LINE_DEFAULTS,
  BEAT_THE_LINE_URL,
  beatTheLineParams,
  beatTheLineState,
  type BeatTheLineState,
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
  const defaultRange = useThisWeek();
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
