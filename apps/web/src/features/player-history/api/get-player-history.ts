import { getPlayerHistoryReport } from '@backline/contract/reports/player-history';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type PlayerHistoryFilters = PeriodRange & { idPlayer: number; transactionType: number };

export const playerHistoryQueryOptions = (filters: PlayerHistoryFilters) =>
  endpointQueryOptions(['player-history', filters], getPlayerHistoryReport, { body: filters });

export const usePlayerHistory = (filters: PlayerHistoryFilters | null) =>
  useReportQuery(
    playerHistoryQueryOptions(filters ?? { idPlayer: 0, transactionType: -1, period: 2 }),
    filters !== null,
  );
