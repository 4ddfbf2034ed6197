import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AgentsService } from './agents-service.ts';

export function agentsRoutes(app: FastifyInstance, config: Config, agents: AgentsService): void {
  route(app, config, api.getSubAgents, ({ auth, body }) => agents.subAgents(auth, body?.idAgent));
}
