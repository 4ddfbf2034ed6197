import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { NewWeeklyBalanceService } from './new-weekly-balance-service.ts';

export function newWeeklyBalanceRoutes(route: AddRoute, service: NewWeeklyBalanceService): void {
  route(api.newWeeklyBalance, ({ auth, body }) => service.newWeeklyBalance(auth, body));
}
