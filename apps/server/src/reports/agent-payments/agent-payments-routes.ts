// The agent payments screen's calls: one agent's settlements, its sub-agents', and one entered.
import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { AgentPaymentsService } from './agent-payments-service.ts';

export function agentPaymentsRoutes(route: AddRoute, service: AgentPaymentsService): void {
  route(api.getAgentPayment, ({ auth, body }) => service.agentPayments(auth, body, 'self'));
  route(api.getReportAgentPayment, ({ auth, body }) => service.agentPayments(auth, body, 'below'));
  route(api.insertAgentPayment, ({ auth, body }) => service.insertAgentPayment(auth, body));
}
