import {
  getPlayerHistoryReport,
  type PlayerHistoryResponse,
} from '@backline/contract/reports/player-history';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PeriodRange } from '@/lib/period-range';

export type PlayerHistoryFilters = PeriodRange & { idPlayer: number; transactionType: number };

export function getPlayerHistory(
  filters: PlayerHistoryFilters,
  signal?: AbortSignal,
): Promise<PlayerHistoryResponse> {
  return apiCall(getPlayerHistoryReport, { body: filters, signal });
}

export function playerHistoryQueryOptions(filters: PlayerHistoryFilters) {
  return queryOptions({
    queryKey: ['player-history', filters],
    queryFn: ({ signal }) => getPlayerHistory(filters, signal),
  });
}

export function usePlayerHistory(filters: PlayerHistoryFilters | null) {
  return useQuery({
    ...playerHistoryQueryOptions(filters ?? { idPlayer: 0, transactionType: -1, period: 2 }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}
