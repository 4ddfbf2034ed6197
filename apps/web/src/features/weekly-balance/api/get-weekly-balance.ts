import {
  weeklyBalance,
  type WeeklyBalancePageRequest,
} from '@backline/contract/reports/weekly-balance';
import type { z } from 'zod';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

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

export const weeklyBalanceQueryOptions = (filters: WeeklyBalanceFilters) =>
  endpointQueryOptions(['weekly-balance', filters], weeklyBalance, {
    // An empty search is no search: it is left out rather than sent as "".
    body: { ...filters, search: filters.search || undefined },
  });

/** While another page, order, search, week or agent loads, the previous table stays (dimmed). */
export const useWeeklyBalance = (filters: WeeklyBalanceFilters) =>
  useReportQuery(weeklyBalanceQueryOptions(filters));
