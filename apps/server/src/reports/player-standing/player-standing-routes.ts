import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { PlayerStandingService } from './player-standing-service.ts';

export function playerStandingRoutes(
  app: FastifyInstance,
  config: Config,
  service: PlayerStandingService,
): void {
  route(app, config, api.playerStanding, ({ auth, body }) => service.playerStanding(auth, body));
}
