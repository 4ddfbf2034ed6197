import { cashFlowReport, type CashFlowResponse } from '@backline/contract/reports/cash-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PeriodRange } from '@/lib/period-range';

export type CashFlowFilters = PeriodRange & { idAgent: number; isCurrencyReport: boolean };

export function getCashFlow(
  filters: CashFlowFilters,
  signal?: AbortSignal,
): Promise<CashFlowResponse> {
  return apiCall(cashFlowReport, { body: filters, signal });
}

export function cashFlowQueryOptions(filters: CashFlowFilters) {
  return queryOptions({
    queryKey: ['cash-flow', filters],
    queryFn: ({ signal }) => getCashFlow(filters, signal),
  });
}

export function useCashFlow(filters: CashFlowFilters) {
  return useQuery({ ...cashFlowQueryOptions(filters), placeholderData: keepPreviousData });
}
