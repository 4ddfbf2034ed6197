import { newWeeklyBalance } from '@backline/contract/reports/new-weekly-balance';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export interface NewWeeklyBalanceFilters {
  idAgent: number;
  period: number;
  activeOnly: boolean;
  withBalanceOnly: boolean;
  isCurrencyReport: boolean;
}

export const newWeeklyBalanceQueryOptions = (filters: NewWeeklyBalanceFilters) =>
  endpointQueryOptions(['new-weekly-balance', filters], newWeeklyBalance, { body: filters });

/** The previous week stays on screen (under a refresh bar) while the next one loads. */
export const useNewWeeklyBalance = (filters: NewWeeklyBalanceFilters) =>
  useReportQuery(newWeeklyBalanceQueryOptions(filters));
