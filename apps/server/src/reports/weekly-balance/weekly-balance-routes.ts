import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { WeeklyBalanceService } from './weekly-balance-service.ts';

export function weeklyBalanceRoutes(route: AddRoute, service: WeeklyBalanceService): void {
  route(api.weeklyBalance, ({ auth, body }) => service.weeklyBalance(auth, body));
  route(api.getWeeklyBalancePlayerDailyTransactions, ({ auth, body }) =>
    service.playerDailyTransactions(auth, body),
  );
}
