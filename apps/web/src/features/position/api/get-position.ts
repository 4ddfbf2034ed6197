import type { ResponseOf } from '@backline/contract/core/endpoint';
import type { Sport } from '@backline/contract/core/enums';
import { getPosition } from '@backline/contract/reports/position';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** Whose book, and which sport and league; the agent is always the one in scope. */
export interface PositionFilters {
  idAgent: number;
  sport?: Sport;
  league?: string;
}
export type PositionReport = ResponseOf<typeof getPosition>;

// Under 'position': a wager placed, graded or voided marks it stale (notifications/live-figures).
export const positionQueryOptions = (filters: PositionFilters) =>
  endpointQueryOptions(['position', filters], getPosition, { body: filters });

export const usePosition = (filters: PositionFilters) =>
  useReportQuery(positionQueryOptions(filters));
