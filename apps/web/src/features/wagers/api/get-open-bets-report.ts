import {
  getOpenBetsReport as openBetsReportEndpoint,
  type OpenBetsSummary,
} from '@backline/contract/reports/wagers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { WagerListFilters } from '../utils/filters';

/** The summary ignores paging and sorting: only the filters that narrow the set. */
export type OpenBetsReportFilters = Omit<WagerListFilters, 'page' | 'pageSize' | 'sort' | 'dir'>;

export function getOpenBetsReport(
  filters: OpenBetsReportFilters,
  signal?: AbortSignal,
): Promise<OpenBetsSummary> {
  return apiCall(openBetsReportEndpoint, { query: filters, signal });
}

export function openBetsReportQueryOptions(filters: OpenBetsReportFilters) {
  return queryOptions({
    queryKey: ['wagers', 'open-summary', filters],
    queryFn: ({ signal }) => getOpenBetsReport(filters, signal),
  });
}

export function useOpenBetsReport(filters: OpenBetsReportFilters) {
  return useQuery({ ...openBetsReportQueryOptions(filters), placeholderData: keepPreviousData });
}
