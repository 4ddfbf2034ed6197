import {
  getWeeklyBalancePlayerDailyTransactions,
  type DailyTransactionsResponse,
} from '@backline/contract/reports/weekly-balance';
import type { IsoDate } from '@backline/contract/core/periods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface PlayerDay {
  idPlayer: number;
  date: IsoDate;
}

export function getPlayerDailyTransactions(
  day: PlayerDay,
  signal?: AbortSignal,
): Promise<DailyTransactionsResponse> {
  return apiCall(getWeeklyBalancePlayerDailyTransactions, { body: day, signal });
}

export function playerDailyTransactionsQueryOptions(day: PlayerDay) {
  return queryOptions({
    queryKey: ['weekly-balance', 'daily-transactions', day],
    queryFn: ({ signal }) => getPlayerDailyTransactions(day, signal),
  });
}

export function usePlayerDailyTransactions(day: PlayerDay) {
  return useQuery(playerDailyTransactionsQueryOptions(day));
}
