import { getOpenBets as openBetsEndpoint, type WagerPage } from '@backline/contract/reports/wagers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { WagerListFilters } from '../utils/filters';

export function getOpenBets(filters: WagerListFilters, signal?: AbortSignal): Promise<WagerPage> {
  return apiCall(openBetsEndpoint, { query: filters, signal });
}

export function openBetsQueryOptions(filters: WagerListFilters) {
  return queryOptions({
    queryKey: ['wagers', 'open', filters],
    queryFn: ({ signal }) => getOpenBets(filters, signal),
  });
}

export function useOpenBets(filters: WagerListFilters, enabled = true) {
  // The page being left stays (with a progress bar) until the next one arrives.
  return useQuery({ ...openBetsQueryOptions(filters), placeholderData: keepPreviousData, enabled });
}
