import { getCurrency, type Currency } from '@backline/contract/calls/currency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return apiCall(getCurrency, { signal });
}

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: ['currency'],
    queryFn: ({ signal }) => getCurrencies(signal),
    // A site's currencies and rates change rarely; one fetch serves every report of the visit.
    staleTime: 10 * 60_000,
  });
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
