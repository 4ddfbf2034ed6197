import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { AgentTreeService } from './agent-tree-service.ts';

export function agentTreeRoutes(route: AddRoute, service: AgentTreeService): void {
  route(api.getAgentPlayerTree, ({ auth, query }) => service.tree(auth, query));
}
