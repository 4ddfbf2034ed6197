import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { WeeklyBalanceService } from './weekly-balance-service.ts';

export function weeklyBalanceRoutes(
  app: FastifyInstance,
  config: Config,
  service: WeeklyBalanceService,
): void {
  route(app, config, api.weeklyBalance, ({ auth, body }) => service.weeklyBalance(auth, body));
  route(app, config, api.getWeeklyBalancePlayerDailyTransactions, ({ auth, body }) =>
    service.playerDailyTransactions(auth, body),
  );
}
