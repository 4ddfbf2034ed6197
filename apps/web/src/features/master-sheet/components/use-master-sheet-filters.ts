// ?idAgent=&week=: whose sheet and which week, parsed with the contract's request schema. Neither
// has a default of its own: no agent is the caller, no week the server's (the last week ended).
import { MasterSheetRequest } from '@backline/contract/reports/master-sheet';
import { useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import type { MasterSheetFilters } from '../api/get-master-sheet';

const URL_FIELDS = {
  idAgent: MasterSheetRequest.shape.idAgent,
  week: MasterSheetRequest.shape.week,
};
const URL_DEFAULTS = { idAgent: undefined, week: undefined } as const;

export function useMasterSheetFilters() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const filters = useMemo<MasterSheetFilters>(
    () => (url.week ? { idAgent, week: url.week } : { idAgent }),
    [idAgent, url.week],
  );
  return [filters, setUrl] as const;
}

/** The link to an agent's sheet of a week. */
export function masterSheetUrl(path: string, idAgent: number, week: string): string {
  return `${path}?${new URLSearchParams({ idAgent: String(idAgent), week })}`;
}
