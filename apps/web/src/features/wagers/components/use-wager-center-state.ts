import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useThisWeek } from '@/lib/period-range';
import { useUrlState } from '@/lib/url-state';
import {
  WAGER_CENTER_DEFAULTS,
  WAGER_CENTER_URL,
  wagerCenterParams,
  wagerCenterState,
  type WagerCenterState,
} from '../utils/filters';

export interface WagerCenterPatch extends Partial<Omit<WagerCenterState, 'list'>> {
  list?: Partial<WagerCenterState['list']>;
}

/** The wager center's tab and filters, read from and written to the URL. */
export function useWagerCenterState() {
  const [url, setUrl] = useUrlState(WAGER_CENTER_URL, WAGER_CENTER_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const defaultRange = useThisWeek();
  const state = useMemo(
    () => wagerCenterState(url, idAgent, defaultRange),
    [url, idAgent, defaultRange],
  );
  const update = useCallback(
    (patch: WagerCenterPatch) => {
      // Any change but a page turn starts again from the first page of the new set.
      const page = patch.list?.page ?? 1;
      const next: WagerCenterState = {
        ...state,
        ...patch,
        list: { ...state.list, ...patch.list, page },
      };
      const change = wagerCenterParams(next, defaultRange);
      if (patch.list?.idAgent !== undefined) change.idAgent = patch.list.idAgent;
      setUrl(change);
    },
    [state, defaultRange, setUrl],
  );
  return [state, update] as const;
}
