import {
  getGradedBetsReport as gradedBetsEndpoint,
  type WagerPage,
} from '@backline/contract/reports/wagers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { previousOfSamePeriod } from '../utils/same-period';
import type { GradedListFilters } from '../utils/filters';

export function getGradedBetsReport(
  filters: GradedListFilters,
  signal?: AbortSignal,
): Promise<WagerPage> {
  return apiCall(gradedBetsEndpoint, { query: filters, signal });
}

export function gradedBetsQueryOptions(filters: GradedListFilters) {
  return queryOptions({
    queryKey: ['wagers', 'graded', filters],
    queryFn: ({ signal }) => getGradedBetsReport(filters, signal),
  });
}

export function useGradedBets(filters: GradedListFilters, enabled = true) {
  return useQuery({
    ...gradedBetsQueryOptions(filters),
    placeholderData: previousOfSamePeriod<WagerPage>(filters),
    enabled,
  });
}
