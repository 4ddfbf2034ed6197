import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { NewWeeklyBalanceService } from './new-weekly-balance-service.ts';

export function newWeeklyBalanceRoutes(
  app: FastifyInstance,
  config: Config,
  service: NewWeeklyBalanceService,
): void {
  route(app, config, api.newWeeklyBalance, ({ auth, body }) =>
    service.newWeeklyBalance(auth, body),
  );
}
