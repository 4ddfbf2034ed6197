import {
  newWeeklyBalance,
  type NewWeeklyBalanceResponse,
} from '@backline/contract/reports/new-weekly-balance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface NewWeeklyBalanceFilters {
  idAgent: number;
  period: number;
  activeOnly: boolean;
  withBalanceOnly: boolean;
  isCurrencyReport: boolean;
}

export function getNewWeeklyBalance(
  filters: NewWeeklyBalanceFilters,
  signal?: AbortSignal,
): Promise<NewWeeklyBalanceResponse> {
  return apiCall(newWeeklyBalance, { body: filters, signal });
}

export function newWeeklyBalanceQueryOptions(filters: NewWeeklyBalanceFilters) {
  return queryOptions({
    queryKey: ['new-weekly-balance', filters],
    queryFn: ({ signal }) => getNewWeeklyBalance(filters, signal),
  });
}

export function useNewWeeklyBalance(filters: NewWeeklyBalanceFilters) {
  // The previous week stays on screen (under a refresh bar) while the next one loads.
  return useQuery({ ...newWeeklyBalanceQueryOptions(filters), placeholderData: keepPreviousData });
}
