// Agent tree: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { agentTreeTable } from './agent-tree-export.ts';
import { agentTreeRoutes } from './agent-tree-routes.ts';
import { createAgentTreeService } from './agent-tree-service.ts';

export const agentTree = reportModule('agent-tree', {
  db: 'reports',
  service: createAgentTreeService,
  routes: agentTreeRoutes,
  exports: { agentTree: agentTreeTable },
});
