import { getPlayerPayments } from '@backline/contract/reports/player-payment';
import type { ResponseOf } from '@backline/contract/core/endpoint';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PeriodRange } from '@/lib/period-range';

export type PlayerPaymentsFilters = PeriodRange & { idAgent: number };
export type PlayerPaymentsResponse = ResponseOf<typeof getPlayerPayments>;

export function getPlayerPaymentList(
  filters: PlayerPaymentsFilters,
  signal?: AbortSignal,
): Promise<PlayerPaymentsResponse> {
  return apiCall(getPlayerPayments, { body: filters, signal });
}

export function playerPaymentsQueryOptions(filters: PlayerPaymentsFilters) {
  return queryOptions({
    queryKey: ['player-payment', filters],
    queryFn: ({ signal }) => getPlayerPaymentList(filters, signal),
  });
}

export function usePlayerPayments(filters: PlayerPaymentsFilters) {
  return useQuery({ ...playerPaymentsQueryOptions(filters), placeholderData: keepPreviousData });
}
