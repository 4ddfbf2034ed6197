// The agent payments screen's calls: one agent's settlements, its sub-agents', and one entered.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { AgentPaymentsService } from './agent-payments-service.ts';

export function agentPaymentsRoutes(
  app: FastifyInstance,
  config: Config,
  service: AgentPaymentsService,
): void {
  route(app, config, api.getAgentPayment, ({ auth, body }) =>
    service.agentPayments(auth, body, 'self'),
  );
  route(app, config, api.getReportAgentPayment, ({ auth, body }) =>
    service.agentPayments(auth, body, 'below'),
  );
  route(app, config, api.insertAgentPayment, ({ auth, body }) =>
    service.insertAgentPayment(auth, body),
  );
}
