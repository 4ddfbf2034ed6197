// The ticker's filters in the URL (?sport=NBA&minRisk=100000&only=sharp&idPlayer=12&player=PL12),
// parsed with the contract's schemas; anything unusable falls back to no filter.
import { LiveFilters } from '@backline/contract/calls/live';
import { useMemo } from 'react';
import { z } from 'zod';
import { useAgentStore } from '@/stores/agent-store';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';

const s = LiveFilters.shape;
const URL_FIELDS = {
  idAgent: s.idAgent,
  idPlayer: s.idPlayer,
  /** The player's login, shown on the filter's chip (the id is what filters). */
  player: z.string().max(64).optional(),
  sport: s.sport,
  wagerType: s.wagerType,
  minRisk: s.minRisk,
  only: s.only,
};
const URL_DEFAULTS = {
  idAgent: undefined,
  idPlayer: undefined,
  player: undefined,
  sport: undefined,
  wagerType: undefined,
  minRisk: undefined,
  only: undefined,
} as const;

export function useLiveState() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const view = useAgentStore((st) => st.agent?.IdAgent ?? 0);
  // An agent outside the subtree (a stale link) is no filter; nor is the view agent itself.
  const idAgent = useScopedAgent(url.idAgent);
  const filters = useMemo<LiveFilters>(() => {
    const f: LiveFilters = {};
    if (idAgent !== view) f.idAgent = idAgent;
    if (url.idPlayer !== undefined) f.idPlayer = url.idPlayer;
    if (url.sport !== undefined) f.sport = url.sport;
    if (url.wagerType !== undefined) f.wagerType = url.wagerType;
    if (url.minRisk !== undefined) f.minRisk = url.minRisk;
    if (url.only !== undefined) f.only = url.only;
    return f;
  }, [url, idAgent, view]);
  return [{ ...url, idAgent }, filters, setUrl] as const;
}
