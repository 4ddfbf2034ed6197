// One shape for reading an endpoint through the cache, so an api file says only its key, its
// endpoint and what it sends.
import type { Endpoint } from '@backline/contract/core/endpoint';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { apiCall, type CallOptions } from './api-client';

/** Reads `endpoint` with `input` (its query or its body) under `queryKey`. */
export function endpointQueryOptions<E extends Endpoint, K extends QueryKey>(
  queryKey: K,
  endpoint: E,
  input: Omit<CallOptions<E>, 'signal'> = {},
  /** retry: false where a refusal is the answer (asking again would only delay it). */
  options: { retry?: false; staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiCall(endpoint, { ...input, signal }),
    ...options,
  });
}

/** A report: while other filters load, the previous answer stays on screen under a refresh bar. */
export function useReportQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  enabled = true,
) {
  return useQuery({ ...options, placeholderData: keepPreviousData, enabled });
}

/**
 * A change on the server after which the queries it made stale (each named by its key's first
 * part) are read again: once it succeeded, or `settled`, whatever the answer.
 */
export function useChange<I, O>(
  change: (input: I) => Promise<O>,
  stale: readonly string[],
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(stale.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  return useMutation({
    mutationFn: change,
    onSuccess: when === 'success' ? refresh : undefined,
    onSettled: when === 'settled' ? refresh : undefined,
  });
}
