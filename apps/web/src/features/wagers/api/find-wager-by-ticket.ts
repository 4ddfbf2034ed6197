import type { ResponseOf } from '@backline/contract/core/endpoint';
import { findWagerByTicket as findEndpoint } from '@backline/contract/reports/wagers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type FoundWager = ResponseOf<typeof findEndpoint>['Wager'];

export async function findWagerByTicket(
  ticketNumber: string,
  signal?: AbortSignal,
): Promise<FoundWager> {
  return (await apiCall(findEndpoint, { query: { ticketNumber }, signal })).Wager;
}

export function findWagerByTicketQueryOptions(ticketNumber: string) {
  return queryOptions({
    queryKey: ['wagers', 'by-ticket', ticketNumber],
    queryFn: ({ signal }) => findWagerByTicket(ticketNumber, signal),
    // "Not found" is the answer, not a hiccup: asking again would only delay it.
    retry: false,
  });
}

/** The wager of a ticket number, searched on the server among every date of the subtree. */
export function useFindWagerByTicket(ticketNumber: string | null) {
  return useQuery({
    ...findWagerByTicketQueryOptions(ticketNumber ?? ''),
    enabled: ticketNumber !== null,
  });
}
