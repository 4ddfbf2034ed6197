// An agent's new player.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { PlayerCreateService } from './create-player-service.ts';

export function createPlayerRoutes(
  app: FastifyInstance,
  config: Config,
  service: PlayerCreateService,
): void {
  route(app, config, api.createPlayer, ({ auth, body, request }) =>
    service.create(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
}
