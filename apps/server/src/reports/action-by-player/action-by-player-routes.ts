import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { ActionByPlayerService } from './action-by-player-service.ts';

export function actionByPlayerRoutes(route: AddRoute, service: ActionByPlayerService): void {
  route(api.getActionByPlayer, ({ auth, query }) => service.actionByPlayer(auth, query));
}
