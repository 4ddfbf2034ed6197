// Wagers: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { changedBetsTable, gradedBetsTable, openBetsTable } from './wagers-export.ts';
import { wagersRoutes } from './wagers-routes.ts';
import { createWagersService } from './wagers-service.ts';

export const wagers = reportModule('wagers', {
  db: 'primary',
  service: createWagersService,
  routes: wagersRoutes,
  exports: { openBets: openBetsTable, gradedBets: gradedBetsTable, changedBets: changedBetsTable },
});
