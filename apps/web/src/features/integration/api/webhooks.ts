import {
  getWebhookDeliveries,
  getWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpoint,
} from '@backline/contract/calls/webhooks';
import type { QueryOf } from '@backline/contract/core/endpoint';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type DeliveriesQuery = QueryOf<typeof getWebhookDeliveries>;

export const webhookEndpointQueryOptions = () =>
  queryOptions({
    queryKey: ['webhooks', 'endpoint'],
    queryFn: ({ signal }) => apiCall(getWebhookEndpoint, { signal }),
  });

export const useWebhookEndpoint = () => useQuery(webhookEndpointQueryOptions());

export const webhookDeliveriesQueryOptions = (query: DeliveriesQuery) =>
  queryOptions({
    queryKey: ['webhooks', 'deliveries', query],
    queryFn: ({ signal }) => apiCall(getWebhookDeliveries, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useWebhookDeliveries = (query: DeliveriesQuery) =>
  useQuery(webhookDeliveriesQueryOptions(query));

function useWebhookMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export const useSetWebhookEndpoint = () =>
  useWebhookMutation((Url: string) => apiCall(setWebhookEndpoint, { body: { Url } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((OverlapHours: number) =>
    apiCall(rotateWebhookSecret, { body: { OverlapHours } }),
  );

export const useResendWebhookDelivery = () =>
  useWebhookMutation((IdDelivery: string) =>
    apiCall(resendWebhookDelivery, { body: { IdDelivery } }),
  );
