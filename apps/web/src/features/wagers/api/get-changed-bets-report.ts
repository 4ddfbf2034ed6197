import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getChangedBetsReport as changedBetsEndpoint } from '@backline/contract/reports/wagers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { previousOfSamePeriod } from '../utils/same-period';
import type { ChangedFilters } from '../utils/filters';

export type ChangedBetsReport = ResponseOf<typeof changedBetsEndpoint>;

export function getChangedBetsReport(
  filters: ChangedFilters,
  signal?: AbortSignal,
): Promise<ChangedBetsReport> {
  return apiCall(changedBetsEndpoint, { query: filters, signal });
}

export function changedBetsQueryOptions(filters: ChangedFilters) {
  return queryOptions({
    queryKey: ['wagers', 'changed', filters],
    queryFn: ({ signal }) => getChangedBetsReport(filters, signal),
  });
}

export function useChangedBets(filters: ChangedFilters) {
  return useQuery({
    ...changedBetsQueryOptions(filters),
    placeholderData: previousOfSamePeriod<ChangedBetsReport>(filters),
  });
}
