import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { AgentTreeService } from './agent-tree-service.ts';

export function agentTreeRoutes(
  app: FastifyInstance,
  config: Config,
  service: AgentTreeService,
): void {
  route(app, config, api.getAgentPlayerTree, ({ auth, query }) => service.tree(auth, query));
}
