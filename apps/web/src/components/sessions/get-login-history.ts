// One account's log-ins over a period, a page at a time: the caller's own, a sub-agent's or a player's.
import { getLoginHistory } from '@backline/contract/calls/login-history';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** Whose history: a player, a sub-agent, or (neither) the agent signed in. */
export type LoginHistoryAccount = { idPlayer: number } | { idAgent: number } | object;

export type LoginHistoryFilters = PeriodRange & { page: number; pageSize: number };

export const loginHistoryQueryOptions = (
  account: LoginHistoryAccount,
  filters: LoginHistoryFilters,
) =>
  endpointQueryOptions(['login-history', account, filters], getLoginHistory, {
    query: { ...account, ...filters },
  });

export const useLoginHistory = (account: LoginHistoryAccount, filters: LoginHistoryFilters) =>
  useReportQuery(loginHistoryQueryOptions(account, filters));
