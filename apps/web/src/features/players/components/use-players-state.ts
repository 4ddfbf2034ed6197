// The list's filters, page and order in the URL (?filter=overLimit&sort=balance&dir=desc&page=2),
// parsed with the contract's request schema; anything unusable falls back to the default.
import { PlayersRequest } from '@backline/contract/reports/players';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import type { PlayersFilters } from '../api/get-players';

const s = PlayersRequest.shape;
const URL_FIELDS = {
  idAgent: s.idAgent,
  search: s.search,
  filter: s.filter,
  page: s.page,
  pageSize: s.pageSize,
  sort: s.sort,
  dir: s.dir,
};
const URL_DEFAULTS = {
  idAgent: undefined,
  search: '',
  filter: 'all',
  page: 1,
  pageSize: 50,
  sort: 'player',
  dir: 'asc',
} as const;

export type PlayersState = PlayersFilters & { search: string };

export function usePlayersState() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const state = useMemo<PlayersState>(() => ({ ...url, idAgent }), [url, idAgent]);
  // Any change but a page turn starts from the first page; typing replaces the history entry.
  const update = useCallback(
    (change: Partial<PlayersState>) =>
      setUrl({ page: 1, ...change }, { replace: 'search' in change }),
    [setUrl],
  );
  return [state, update] as const;
}
