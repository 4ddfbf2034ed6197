import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { AgentPlayerTreeService } from './agent-player-tree-service.ts';

export function agentPlayerTreeRoutes(
  app: FastifyInstance,
  config: Config,
  service: AgentPlayerTreeService,
): void {
  route(app, config, api.getAgentPlayerTree, ({ auth, query }) => service.tree(auth, query));
}
