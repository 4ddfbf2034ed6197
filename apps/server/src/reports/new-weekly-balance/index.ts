// New weekly balance: the module app.ts registers (reports/report-module.ts). It reads the week
// through a weekly balance service of its own, on the same database.
import { reportModule } from '../report-module.ts';
import { createWeeklyBalanceService } from '../weekly-balance/weekly-balance-service.ts';
import { newWeeklyBalanceTable } from './new-weekly-balance-export.ts';
import { newWeeklyBalanceRoutes } from './new-weekly-balance-routes.ts';
import { createNewWeeklyBalanceService } from './new-weekly-balance-service.ts';

export const newWeeklyBalance = reportModule('new-weekly-balance', {
  db: 'reports',
  service: (deps) =>
    createNewWeeklyBalanceService({ ...deps, weekly: createWeeklyBalanceService(deps) }),
  routes: newWeeklyBalanceRoutes,
  exports: { newWeeklyBalance: newWeeklyBalanceTable },
});
