import { playerStanding } from '@backline/contract/reports/player-standing';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export interface PlayerStandingFilters {
  idAgent: number;
  activeOnly: boolean;
  isCurrencyReport: boolean;
}

export const playerStandingQueryOptions = (filters: PlayerStandingFilters) =>
  endpointQueryOptions(['player-standing', filters], playerStanding, { body: filters });

export const usePlayerStanding = (filters: PlayerStandingFilters) =>
  useReportQuery(playerStandingQueryOptions(filters));
