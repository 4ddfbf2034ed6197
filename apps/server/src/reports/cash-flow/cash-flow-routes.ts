import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { CashFlowService } from './cash-flow-service.ts';

export function cashFlowRoutes(
  app: FastifyInstance,
  config: Config,
  service: CashFlowService,
): void {
  route(app, config, api.cashFlowReport, ({ auth, body }) => service.cashFlow(auth, body));
}
