import type { BodyOf } from '@backline/contract/core/endpoint';
import { decideLimitRequest, getLimitRequests } from '@backline/contract/calls/limit-requests';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange, useReportQuery } from '@/lib/queries';

export type RequestsBox = 'toDecide' | 'filed';
export type RequestsStatus = 'pending' | 'decided';

export const useLimitRequests = (box: RequestsBox, status: RequestsStatus, page: number) =>
  useReportQuery(
    endpointQueryOptions(['limit-requests', box, status, page], getLimitRequests, {
      body: { box, status, page },
    }),
  );

/** A decision changes the player's limits: its page and the lists that show them are stale. */
export const useDecideLimitRequest = () =>
  useChange(
    (input: BodyOf<typeof decideLimitRequest>) => apiCall(decideLimitRequest, { body: input }),
    ['limit-requests', 'player', 'players', 'notifications'],
  );
