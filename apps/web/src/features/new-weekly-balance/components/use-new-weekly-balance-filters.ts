// Filters in the URL (?period=3&idAgent=5&activeOnly=1&withBalanceOnly=1&isCurrencyReport=1),
// parsed with the contract's request schema; anything unusable falls back to the defaults.
import { QueryBool } from '@backline/contract/core/endpoint';
import { NewWeeklyBalanceRequest } from '@backline/contract/reports/new-weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/core/enums';
import { settlementPeriod } from '@backline/contract/core/periods';
import { useMemo } from 'react';
import { useScopedAgent } from '@/lib/agent-scope';
import { useUrlState } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import type { NewWeeklyBalanceFilters } from '../api/get-new-weekly-balance';

const URL_FIELDS = {
  period: NewWeeklyBalanceRequest.shape.period,
  idAgent: NewWeeklyBalanceRequest.shape.idAgent,
  activeOnly: QueryBool,
  withBalanceOnly: QueryBool,
  isCurrencyReport: QueryBool,
};
/** The week and the agent have no default of their own: a choice is written as made. */
const URL_DEFAULTS = {
  period: undefined,
  idAgent: undefined,
  activeOnly: false,
  withBalanceOnly: false,
  isCurrencyReport: false,
} as const;

export function useNewWeeklyBalanceFilters() {
  const [url, setFilters] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  // The week the screen opens on (settlementPeriod: last week on a Monday).
  const defaultPeriod = settlementPeriod(new Date(), timeZone);
  const filters = useMemo<NewWeeklyBalanceFilters>(() => {
    const period = url.period ?? defaultPeriod;
    return {
      ...url,
      period: (WEEK_PERIODS as readonly number[]).includes(period) ? period : defaultPeriod,
      idAgent,
    };
  }, [url, idAgent, defaultPeriod]);
  return [filters, setFilters] as const;
}
