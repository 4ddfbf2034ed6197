import {
  getCurrency as currencyEndpoint,
  type Currency,
} from '@backline/contract/endpoints/money-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function getCurrency(signal?: AbortSignal): Promise<Currency[]> {
  return apiCall(currencyEndpoint, { signal });
}

export function currencyQueryOptions() {
  return queryOptions({
    queryKey: ['currency'],
    queryFn: ({ signal }) => getCurrency(signal),
    // The site's currencies do not change during a session.
    staleTime: Infinity,
  });
}

export function useCurrencies() {
  return useQuery(currencyQueryOptions());
}
