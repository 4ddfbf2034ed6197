import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getBeatTheLineFrame } from '@backline/contract/reports/beat-the-line';
import type { Sport } from '@backline/contract/core/enums';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export interface BeatTheLineFilters {
  idAgent?: number;
  idPlayer?: number;
  startDate: string;
  endDate: string;
  sport?: Sport;
  beatersOnly?: boolean;
}
export type BeatTheLineReport = ResponseOf<typeof getBeatTheLineFrame>;

export const beatTheLineQueryOptions = (filters: BeatTheLineFilters) =>
  endpointQueryOptions(['beat-the-line', filters], getBeatTheLineFrame, { body: filters });

export const useBeatTheLine = (filters: BeatTheLineFilters) =>
  useReportQuery(beatTheLineQueryOptions(filters));

/** One player's legs: the same call narrowed by idPlayer. */
export function useBeatTheLineLegs(filters: BeatTheLineFilters, idPlayer: number) {
  return useQuery(beatTheLineQueryOptions({ ...filters, idPlayer }));
}
