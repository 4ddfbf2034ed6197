import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { CashFlowService } from './cash-flow-service.ts';

export function cashFlowRoutes(route: AddRoute, service: CashFlowService): void {
  route(api.cashFlowReport, ({ auth, body }) => service.cashFlow(auth, body));
}
