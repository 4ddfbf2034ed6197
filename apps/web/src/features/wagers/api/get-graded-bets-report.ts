import { getGradedBetsReport, type WagerPage } from '@backline/contract/reports/wagers';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';
import { previousOfSamePeriod } from '../utils/same-period';
import type { GradedListFilters } from '../utils/filters';

export const gradedBetsQueryOptions = (filters: GradedListFilters) =>
  endpointQueryOptions(['wagers', 'graded', filters], getGradedBetsReport, { query: filters });

export function useGradedBets(filters: GradedListFilters, enabled = true) {
  return useQuery({
    ...gradedBetsQueryOptions(filters),
    placeholderData: previousOfSamePeriod<WagerPage>(filters),
    enabled,
  });
}
