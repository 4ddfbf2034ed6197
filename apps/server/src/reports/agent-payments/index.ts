// Agent payments: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { agentPaymentsTable, subAgentPaymentsTable } from './agent-payments-export.ts';
import { agentPaymentsRoutes } from './agent-payments-routes.ts';
import { createAgentPaymentsService } from './agent-payments-service.ts';

export const agentPayments = reportModule('agent-payments', {
  db: 'primary',
  service: createAgentPaymentsService,
  routes: agentPaymentsRoutes,
  exports: { agentPayments: agentPaymentsTable, subAgentPayments: subAgentPaymentsTable },
});
