import { getWeeklyBalancePlayerDailyTransactions } from '@backline/contract/reports/weekly-balance';
import type { IsoDate } from '@backline/contract/core/periods';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';

export interface PlayerDay {
  idPlayer: number;
  date: IsoDate;
}

export const playerDailyTransactionsQueryOptions = (day: PlayerDay) =>
  endpointQueryOptions(
    ['weekly-balance', 'daily-transactions', day],
    getWeeklyBalancePlayerDailyTransactions,
    { body: day },
  );

export const usePlayerDailyTransactions = (day: PlayerDay) =>
  useQuery(playerDailyTransactionsQueryOptions(day));
