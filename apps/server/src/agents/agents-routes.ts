import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AgentsService } from './agents-service.ts';
import type { AgentSettingsService } from './agent-settings-service.ts';

export function agentsRoutes(
  app: FastifyInstance,
  config: Config,
  agents: AgentsService,
  settings: AgentSettingsService,
): void {
  route(app, config, api.getSubAgents, ({ auth, body }) => agents.subAgents(auth, body?.idAgent));
  route(app, config, api.getAgentSettings, ({ auth, body }) => settings.settings(auth, body));
  route(app, config, api.setAgentSettings, ({ auth, body, request }) =>
    settings.setSettings(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
}
