import {
  getAgentPayment,
  getReportAgentPayment,
  type AgentPaymentsResponse,
} from '@backline/contract/reports/agent-payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PeriodRange } from '@/lib/period-range';

/** self: the agent's settlements with its master; below: those of every sub-agent under it. */
export type AgentPaymentsScope = 'self' | 'below';
export type AgentPaymentsFilters = PeriodRange & { idAgent: number; scope: AgentPaymentsScope };

export function getAgentPayments(
  { scope, ...body }: AgentPaymentsFilters,
  signal?: AbortSignal,
): Promise<AgentPaymentsResponse> {
  return apiCall(scope === 'self' ? getAgentPayment : getReportAgentPayment, { body, signal });
}

export function agentPaymentsQueryOptions(filters: AgentPaymentsFilters) {
  return queryOptions({
    queryKey: ['agent-payments', filters],
    queryFn: ({ signal }) => getAgentPayments(filters, signal),
  });
}

export function useAgentPayments(filters: AgentPaymentsFilters) {
  return useQuery({ ...agentPaymentsQueryOptions(filters), placeholderData: keepPreviousData });
}
