import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getActionByPlayer } from '@backline/contract/reports/action-by-player';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export interface ActionByPlayerFilters {
  /** null: the caller's whole subtree (the spec sends it as "null"). */
  idAgent: number | null;
  startDate: string;
  endDate: string;
  isCurrencyReport: boolean;
}

export type ActionByPlayerReport = ResponseOf<typeof getActionByPlayer>;

export const actionByPlayerQueryOptions = (filters: ActionByPlayerFilters) =>
  endpointQueryOptions(['action-by-player', filters], getActionByPlayer, { query: filters });

export const useActionByPlayer = (filters: ActionByPlayerFilters) =>
  useReportQuery(actionByPlayerQueryOptions(filters));
