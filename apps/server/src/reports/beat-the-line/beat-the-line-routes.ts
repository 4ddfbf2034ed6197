import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { BeatTheLineService } from './beat-the-line-service.ts';

export function beatTheLineRoutes(
  app: FastifyInstance,
  config: Config,
  service: BeatTheLineService,
): void {
  route(app, config, api.getBeatTheLineFrame, ({ auth, body }) => service.beatTheLine(auth, body));
}
