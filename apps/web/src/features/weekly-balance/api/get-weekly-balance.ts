import {
  weeklyBalance,
  type WeeklyBalancePageRequest,
  type WeeklyBalanceResponse,
} from '@backline/contract/reports/weekly-balance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api-client';

type PageOptions = Pick<
  z.output<typeof WeeklyBalancePageRequest>,
  'search' | 'sort' | 'dir' | 'page' | 'pageSize'
>;
export type SortDir = PageOptions['dir'];

/** A week of an agent's players; without a pageSize every row comes at once, in login order. */
export interface WeeklyBalanceFilters extends Partial<PageOptions> {
  idAgent: number;
  period: number;
}

export function getWeeklyBalance(
  filters: WeeklyBalanceFilters,
  signal?: AbortSignal,
): Promise<WeeklyBalanceResponse> {
  // An empty search is no search: it is left out rather than sent as "".
  return apiCall(weeklyBalance, {
    body: { ...filters, search: filters.search || undefined },
    signal,
  });
}

export function weeklyBalanceQueryOptions(filters: WeeklyBalanceFilters) {
  return queryOptions({
    queryKey: ['weekly-balance', filters],
    queryFn: ({ signal }) => getWeeklyBalance(filters, signal),
  });
}

export function useWeeklyBalance(filters: WeeklyBalanceFilters) {
  // While another page, order, search, week or agent loads, the previous table stays (dimmed).
  return useQuery({ ...weeklyBalanceQueryOptions(filters), placeholderData: keepPreviousData });
}
