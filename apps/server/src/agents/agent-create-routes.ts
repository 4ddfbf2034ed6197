// A new agent from the tree, and the parents it may go under.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AgentCreateService } from './agent-create-service.ts';

export function agentCreateRoutes(
  app: FastifyInstance,
  config: Config,
  service: AgentCreateService,
): void {
  route(app, config, api.getNewAgentParents, ({ auth }) => service.parents(auth));
  route(app, config, api.createAgent, ({ auth, body, request }) =>
    service.create(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
}
