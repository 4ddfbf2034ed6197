// Cash flow: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { cashFlowTable } from './cash-flow-export.ts';
import { cashFlowRoutes } from './cash-flow-routes.ts';
import { createCashFlowService } from './cash-flow-service.ts';

export const cashFlow = reportModule('cash-flow', {
  db: 'reports',
  service: createCashFlowService,
  routes: cashFlowRoutes,
  exports: { cashFlow: cashFlowTable },
});
