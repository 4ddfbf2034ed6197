import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { PaymentsService } from './payments-service.ts';

export function paymentsRoutes(
  app: FastifyInstance,
  config: Config,
  service: PaymentsService,
): void {
  route(app, config, api.getPlayerPayments, ({ auth, body }) => service.playerPayments(auth, body));
  route(app, config, api.insertPlayerPayment, ({ auth, body }) =>
    service.insertPlayerPayment(auth, body),
  );
  route(app, config, api.insertPlayerAdjustment, ({ auth, body }) =>
    service.insertPlayerAdjustment(auth, body),
  );
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
