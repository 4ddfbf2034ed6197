import {
  getIntegrationKeys,
  insertIntegrationKey,
  revokeIntegrationKey,
  rotateIntegrationKey,
} from '@backline/contract/calls/platform-keys';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

export const integrationKeysQueryOptions = () =>
  endpointQueryOptions(['integration-keys'], getIntegrationKeys);

export const useIntegrationKeys = () => useQuery(integrationKeysQueryOptions());

/** After any change the list is read again: states and last use move on the server. */
const useKeyMutation = <I, O>(call: (input: I) => Promise<O>) =>
  useChange(call, ['integration-keys'], 'settled');

export const useInsertIntegrationKey = () =>
  useKeyMutation((Label: string) => apiCall(insertIntegrationKey, { body: { Label } }));

export const useRotateIntegrationKey = () =>
  useKeyMutation((input: { IdKey: number; OverlapHours: number }) =>
    apiCall(rotateIntegrationKey, { body: input }),
  );

export const useRevokeIntegrationKey = () =>
  useKeyMutation((IdKey: number) => apiCall(revokeIntegrationKey, { body: { IdKey } }));
