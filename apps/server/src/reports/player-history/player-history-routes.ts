import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { PlayerHistoryService } from './player-history-service.ts';

export function playerHistoryRoutes(
  app: FastifyInstance,
  config: Config,
  service: PlayerHistoryService,
): void {
  route(app, config, api.getPlayerHistoryReport, ({ auth, body }) =>
    service.playerHistory(auth, body),
  );
}
