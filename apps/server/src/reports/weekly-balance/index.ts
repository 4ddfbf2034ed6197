// Weekly balance: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { weeklyBalanceTable } from './weekly-balance-export.ts';
import { weeklyBalanceRoutes } from './weekly-balance-routes.ts';
import { createWeeklyBalanceService } from './weekly-balance-service.ts';

export const weeklyBalance = reportModule('weekly-balance', {
  db: 'reports',
  service: createWeeklyBalanceService,
  routes: weeklyBalanceRoutes,
  exports: { weeklyBalance: weeklyBalanceTable },
});
