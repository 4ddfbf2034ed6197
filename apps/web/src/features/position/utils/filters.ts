// ?idAgent=&sport=&league=: whose book and which games, each parsed with the contract's request
// schema (lib/url-state), so a stale link falls back to the whole book of the caller.
import { PositionRequest } from '@backline/contract/reports/position';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import type { PositionFilters } from '../api/get-position';

const s = PositionRequest.shape;
const URL_FIELDS = { idAgent: s.idAgent, sport: s.sport, league: s.league };
const URL_DEFAULTS = { idAgent: undefined, sport: undefined, league: undefined } as const;

export function usePositionFilters() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const filters = useMemo<PositionFilters>(
    () => ({
      idAgent,
      ...(url.sport ? { sport: url.sport } : {}),
      ...(url.league ? { league: url.league } : {}),
    }),
    [idAgent, url.sport, url.league],
  );
  // Another agent or sport may not have the league chosen: it is dropped with them.
  const update = useCallback(
    (patch: Partial<PositionFilters>) =>
      setUrl({
        ...patch,
        ...(('idAgent' in patch || 'sport' in patch) && !('league' in patch)
          ? { league: null }
          : {}),
      }),
    [setUrl],
  );
  return [filters, update] as const;
}
