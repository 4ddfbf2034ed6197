import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getBeatTheLineFrame } from '@backline/contract/reports/beat-the-line';
import type { Sport } from '@backline/contract/core/enums';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface BeatTheLineFilters {
  idAgent?: number;
  idPlayer?: number;
  startDate: string;
  endDate: string;
  sport?: Sport;
  beatersOnly?: boolean;
}
export type BeatTheLineReport = ResponseOf<typeof getBeatTheLineFrame>;

export function getBeatTheLine(
  filters: BeatTheLineFilters,
  signal?: AbortSignal,
): Promise<BeatTheLineReport> {
  return apiCall(getBeatTheLineFrame, { body: filters, signal });
}

export function beatTheLineQueryOptions(filters: BeatTheLineFilters) {
  return queryOptions({
    queryKey: ['beat-the-line', filters],
    queryFn: ({ signal }) => getBeatTheLine(filters, signal),
  });
}

export function useBeatTheLine(filters: BeatTheLineFilters) {
  return useQuery({ ...beatTheLineQueryOptions(filters), placeholderData: keepPreviousData });
}

/** One player's legs: the same call narrowed by idPlayer. */
export function useBeatTheLineLegs(filters: BeatTheLineFilters, idPlayer: number) {
  return useQuery(beatTheLineQueryOptions({ ...filters, idPlayer }));
}
