// Action by player's filters live in the URL, parsed with the contract's own schemas
// (lib/url-state); its links spell the one-currency flag `true`.
import { OptionalId, QueryBool } from '@backline/contract/core/endpoint';
import { Period } from '@backline/contract/core/enums';
import { computePeriod, IsoDate } from '@backline/contract/core/periods';
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
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
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const week = useMemo(() => computePeriod(Period.ThisWeek, new Date(), timeZone), [timeZone]);
  const filters = useMemo<ActionByPlayerFilters>(() => {
    const { startDate, endDate } = url;
    const ranged = startDate && endDate && startDate <= endDate;
    return {
      // The caller's own subtree is asked for as null, as the spec sends it.
      idAgent: idAgent === selfId ? null : idAgent,
      startDate: ranged ? startDate : week.StartDate,
      endDate: ranged ? endDate : week.EndDate,
      isCurrencyReport: url.isCurrencyReport,
    };
  }, [url, idAgent, selfId, week]);

  const update = useCallback(
    (patch: Partial<ActionByPlayerFilters>) => {
      const next = { ...filters, ...patch };
      const customRange = next.startDate !== week.StartDate || next.endDate !== week.EndDate;
      const change: UrlChange<typeof URL_FIELDS, typeof URL_DEFAULTS> = {
        startDate: customRange ? next.startDate : null,
        endDate: customRange ? next.endDate : null,
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
