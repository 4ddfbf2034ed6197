import {
  playerStanding,
  type PlayerStandingResponse,
} from '@backline/contract/reports/player-standing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface PlayerStandingFilters {
  idAgent: number;
  activeOnly: boolean;
  isCurrencyReport: boolean;
}

export function getPlayerStanding(
  filters: PlayerStandingFilters,
  signal?: AbortSignal,
): Promise<PlayerStandingResponse> {
  return apiCall(playerStanding, { body: filters, signal });
}

export function playerStandingQueryOptions(filters: PlayerStandingFilters) {
  return queryOptions({
    queryKey: ['player-standing', filters],
    queryFn: ({ signal }) => getPlayerStanding(filters, signal),
  });
}

export function usePlayerStanding(filters: PlayerStandingFilters) {
  return useQuery({ ...playerStandingQueryOptions(filters), placeholderData: keepPreviousData });
}
