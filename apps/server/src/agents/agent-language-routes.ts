import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AgentLanguageService } from './agent-language-service.ts';

export function agentLanguageRoutes(
  app: FastifyInstance,
  config: Config,
  service: AgentLanguageService,
): void {
  route(app, config, api.setAgentLanguage, async ({ auth, body }) => ({
    Ok: true as const,
    Language: await service.setLanguage(auth, body.Language),
  }));
}
