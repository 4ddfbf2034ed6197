import {
  getWebhookDeliveries,
  getWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpoint,
} from '@backline/contract/calls/webhooks';
import type { QueryOf } from '@backline/contract/core/endpoint';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange, useReportQuery } from '@/lib/queries';

export type DeliveriesQuery = QueryOf<typeof getWebhookDeliveries>;

export const webhookEndpointQueryOptions = () =>
  endpointQueryOptions(['webhooks', 'endpoint'], getWebhookEndpoint);

export const useWebhookEndpoint = () => useQuery(webhookEndpointQueryOptions());

export const webhookDeliveriesQueryOptions = (query: DeliveriesQuery) =>
  endpointQueryOptions(['webhooks', 'deliveries', query], getWebhookDeliveries, { query });

export const useWebhookDeliveries = (query: DeliveriesQuery) =>
  useReportQuery(webhookDeliveriesQueryOptions(query));

const useWebhookMutation = <I, O>(call: (input: I) => Promise<O>) =>
  useChange(call, ['webhooks'], 'settled');

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
