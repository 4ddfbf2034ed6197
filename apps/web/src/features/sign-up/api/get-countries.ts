import { countries, geoLocation } from '@backline/contract/calls/assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-up', 'countries', '1.0'],
    queryFn: ({ signal }) => apiCall(countries, { signal }),
    staleTime: Infinity,
  });

/** The caller's country from its address (offline lookup on the server), to pre-select it. */
export const geoLocationQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-up', 'geo'],
    queryFn: ({ signal }) => apiCall(geoLocation, { signal }),
    staleTime: Infinity,
    retry: false,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
export const useGeoLocation = () => useQuery(geoLocationQueryOptions());
