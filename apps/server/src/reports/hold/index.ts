// Hold: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { holdTable } from './hold-export.ts';
import { holdRoutes } from './hold-routes.ts';
import { createHoldService } from './hold-service.ts';

export const hold = reportModule('hold', {
  db: 'reports',
  service: createHoldService,
  routes: holdRoutes,
  exports: { hold: holdTable },
});
