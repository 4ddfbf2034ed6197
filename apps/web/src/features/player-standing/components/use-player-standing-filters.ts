// Filters in the URL (?idAgent=5&activeOnly=1&isCurrencyReport=1&search=pl10), parsed with the
// contract's request schema; anything unusable falls back to the signed-in agent and no filter.
import { QueryBool } from '@backline/contract/core/endpoint';
import { PlayerStandingRequest } from '@backline/contract/reports/player-standing';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import type { PlayerStandingFilters } from '../api/get-player-standing';

const URL_FIELDS = {
  idAgent: PlayerStandingRequest.shape.idAgent,
  activeOnly: QueryBool,
  isCurrencyReport: QueryBool,
  search: PlayerStandingRequest.shape.search,
};
const URL_DEFAULTS = {
  idAgent: undefined,
  activeOnly: false,
  isCurrencyReport: false,
  search: '',
} as const;

type Filters = PlayerStandingFilters & { search: string };

export function usePlayerStandingFilters() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const filters = useMemo<Filters>(() => ({ ...url, idAgent }), [url, idAgent]);
  // Typing in the search box replaces the history entry instead of adding one per key.
  const setFilters = useCallback(
    (changes: Partial<Filters>) => setUrl(changes, { replace: 'search' in changes }),
    [setUrl],
  );
  return [filters, setFilters] as const;
}
