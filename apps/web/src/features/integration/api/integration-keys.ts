import {
  getIntegrationKeys,
  insertIntegrationKey,
  revokeIntegrationKey,
  rotateIntegrationKey,
} from '@backline/contract/calls/platform-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const integrationKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['integration-keys'],
    queryFn: ({ signal }) => apiCall(getIntegrationKeys, { signal }),
  });

export const useIntegrationKeys = () => useQuery(integrationKeysQueryOptions());

/** After any change the list is read again: states and last use move on the server. */
function useKeyMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['integration-keys'] }),
  });
}

export const useInsertIntegrationKey = () =>
  useKeyMutation((Label: string) => apiCall(insertIntegrationKey, { body: { Label } }));

export const useRotateIntegrationKey = () =>
  useKeyMutation((input: { IdKey: number; OverlapHours: number }) =>
    apiCall(rotateIntegrationKey, { body: input }),
  );

export const useRevokeIntegrationKey = () =>
  useKeyMutation((IdKey: number) => apiCall(revokeIntegrationKey, { body: { IdKey } }));
