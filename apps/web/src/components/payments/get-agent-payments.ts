import { getAgentPayment, getReportAgentPayment } from '@backline/contract/reports/agent-payments';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** self: the agent's settlements with its master; below: those of every sub-agent under it. */
export type AgentPaymentsScope = 'self' | 'below';
export type AgentPaymentsFilters = PeriodRange & { idAgent: number; scope: AgentPaymentsScope };

export function agentPaymentsQueryOptions(filters: AgentPaymentsFilters) {
  const { scope, ...body } = filters;
  const endpoint = scope === 'self' ? getAgentPayment : getReportAgentPayment;
  return endpointQueryOptions(['agent-payments', filters], endpoint, { body });
}

export const useAgentPayments = (filters: AgentPaymentsFilters) =>
  useReportQuery(agentPaymentsQueryOptions(filters));
