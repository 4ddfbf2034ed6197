import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { PlayerHistoryService } from './player-history-service.ts';

export function playerHistoryRoutes(route: AddRoute, service: PlayerHistoryService): void {
  route(api.getPlayerHistoryReport, ({ auth, body }) => service.playerHistory(auth, body));
}
