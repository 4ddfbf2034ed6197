import { getAgentSignUpConfigurationBySite } from '@backline/contract/calls/sign-up';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function signUpConfigurationQueryOptions(SiteId: number) {
  return queryOptions({
    queryKey: ['sign-up', 'configuration', SiteId],
    queryFn: ({ signal }) =>
      apiCall(getAgentSignUpConfigurationBySite, { query: { SiteId }, signal }),
    staleTime: 5 * 60_000,
  });
}

export const useSignUpConfiguration = (SiteId: number) =>
  useQuery(signUpConfigurationQueryOptions(SiteId));
