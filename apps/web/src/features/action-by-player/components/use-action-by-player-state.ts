// Action by player's filters live in the URL, parsed with the contract's own schemas
// (lib/url-state); its links spell the one-currency flag `true`.
import { OptionalId, QueryBool } from '@backline/contract/core/endpoint';
import { IsoDate } from '@backline/contract/core/periods';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { datesOr, datesParams, useThisWeek } from '@/lib/period-range';
import { useUrlState, type UrlChange } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import type { ActionByPlayerFilters } from '../api/get-action-by-player';

const URL_FIELDS = {
  startDate: IsoDate,
  endDate: IsoDate,
  idAgent: OptionalId,
  isCurrencyReport: QueryBool,
};
/** The dates' default is this week, in the site's zone. */
const URL_DEFAULTS = {
  startDate: undefined,
  endDate: undefined,
  idAgent: undefined,
  isCurrencyReport: false,
} as const;
const TRUE_AS = { trueAs: 'true' } as const;

export function useActionByPlayerState() {
  const [url, setUrl] = useUrlState(URL_FIELDS, URL_DEFAULTS, TRUE_AS);
  const idAgent = useScopedAgent(url.idAgent);
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const week = useThisWeek();
  const filters = useMemo<ActionByPlayerFilters>(
    () => ({
      // The caller's own subtree is asked for as null, as the spec sends it.
      idAgent: idAgent === selfId ? null : idAgent,
      ...datesOr(url, week),
      isCurrencyReport: url.isCurrencyReport,
    }),
    [url, idAgent, selfId, week],
  );

  const update = useCallback(
    (patch: Partial<ActionByPlayerFilters>) => {
      const next = { ...filters, ...patch };
      const change: UrlChange<typeof URL_FIELDS, typeof URL_DEFAULTS> = {
        ...datesParams(next, week),
        isCurrencyReport: next.isCurrencyReport,
      };
      // The agent is written only when chosen, as every report writes it.
      if (patch.idAgent !== undefined) change.idAgent = patch.idAgent;
      setUrl(change);
    },
    [filters, week, setUrl],
  );
  return [filters, update] as const;
}
