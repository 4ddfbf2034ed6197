// Action by player's filters live in the URL, parsed with the contract's own schemas.
import { OptionalId } from '@backline/contract/endpoint';
import { Period } from '@backline/contract/enums';
import { computePeriod, IsoDate } from '@backline/contract/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAgentStore } from '@/stores/agent-store';
import type { ActionByPlayerFilters } from '../api/get-action-by-player';

function parse(params: URLSearchParams, schema: typeof IsoDate, name: string) {
  const parsed = schema.safeParse(params.get(name) ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

export function useActionByPlayerState() {
  const [params, setParams] = useSearchParams();
  const subAgents = useAgentStore((s) => s.subAgents);
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const week = useMemo(() => computePeriod(Period.ThisWeek, new Date(), timeZone), [timeZone]);
  const filters = useMemo<ActionByPlayerFilters>(() => {
    const idAgent = OptionalId.safeParse(params.get('idAgent') ?? undefined);
    const startDate = parse(params, IsoDate, 'startDate');
    const endDate = parse(params, IsoDate, 'endDate');
    const ranged = startDate && endDate && startDate <= endDate;
    const agent = idAgent.success ? idAgent.data : undefined;
    return {
      idAgent:
        agent !== undefined && agent !== selfId && subAgents.some((a) => a.IdAgent === agent)
          ? agent
          : null,
      startDate: ranged ? startDate : week.StartDate,
      endDate: ranged ? endDate : week.EndDate,
      isCurrencyReport: params.get('isCurrencyReport') === 'true',
    };
  }, [params, selfId, subAgents, week]);

  const update = useCallback(
    (patch: Partial<ActionByPlayerFilters>) => {
      const next = { ...filters, ...patch };
      const out = new URLSearchParams();
      if (next.startDate !== week.StartDate || next.endDate !== week.EndDate) {
        out.set('startDate', next.startDate);
        out.set('endDate', next.endDate);
      }
      if (next.idAgent !== null) out.set('idAgent', String(next.idAgent));
      if (next.isCurrencyReport) out.set('isCurrencyReport', 'true');
      setParams(out);
    },
    [filters, week, setParams],
  );
  return [filters, update] as const;
}
