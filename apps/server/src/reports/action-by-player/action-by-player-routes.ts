import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { ActionByPlayerService } from './action-by-player-service.ts';

export function actionByPlayerRoutes(
  app: FastifyInstance,
  config: Config,
  service: ActionByPlayerService,
): void {
  route(app, config, api.getActionByPlayer, ({ auth, query }) =>
    service.actionByPlayer(auth, query),
  );
}
