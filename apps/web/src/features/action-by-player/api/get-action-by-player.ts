import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getActionByPlayer as actionByPlayerEndpoint } from '@backline/contract/reports/action-by-player';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface ActionByPlayerFilters {
  /** null: the caller's whole subtree (the spec sends it as "null"). */
  idAgent: number | null;
  startDate: string;
  endDate: string;
  isCurrencyReport: boolean;
}

export type ActionByPlayerReport = ResponseOf<typeof actionByPlayerEndpoint>;

export function getActionByPlayer(
  filters: ActionByPlayerFilters,
  signal?: AbortSignal,
): Promise<ActionByPlayerReport> {
  return apiCall(actionByPlayerEndpoint, { query: filters, signal });
}

export function actionByPlayerQueryOptions(filters: ActionByPlayerFilters) {
  return queryOptions({
    queryKey: ['action-by-player', filters],
    queryFn: ({ signal }) => getActionByPlayer(filters, signal),
  });
}

export function useActionByPlayer(filters: ActionByPlayerFilters) {
  return useQuery({ ...actionByPlayerQueryOptions(filters), placeholderData: keepPreviousData });
}
