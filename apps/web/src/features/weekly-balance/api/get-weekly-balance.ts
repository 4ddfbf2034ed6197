import {
  weeklyBalance,
  type WeeklyBalanceResponse,
} from '@backline/contract/endpoints/weekly-balance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface WeeklyBalanceFilters {
  idAgent: number;
  period: number;
}

export function getWeeklyBalance(
  filters: WeeklyBalanceFilters,
  signal?: AbortSignal,
): Promise<WeeklyBalanceResponse> {
  return apiCall(weeklyBalance, {
    body: { idAgent: filters.idAgent, period: filters.period },
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
  // While another week or agent loads, the previous table stays (dimmed) instead of a skeleton.
  return useQuery({ ...weeklyBalanceQueryOptions(filters), placeholderData: keepPreviousData });
}
