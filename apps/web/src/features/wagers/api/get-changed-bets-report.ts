import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getChangedBetsReport } from '@backline/contract/reports/wagers';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';
import { previousOfSamePeriod } from '../utils/same-period';
import type { ChangedFilters } from '../utils/filters';

export type ChangedBetsReport = ResponseOf<typeof getChangedBetsReport>;

export const changedBetsQueryOptions = (filters: ChangedFilters) =>
  endpointQueryOptions(['wagers', 'changed', filters], getChangedBetsReport, { query: filters });

export function useChangedBets(filters: ChangedFilters) {
  return useQuery({
    ...changedBetsQueryOptions(filters),
    placeholderData: previousOfSamePeriod<ChangedBetsReport>(filters),
  });
}
