// Position: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { positionTable } from './position-export.ts';
import { positionRoutes } from './position-routes.ts';
import { createPositionService } from './position-service.ts';

export const position = reportModule('position', {
  // Read where reports read; the rollup is written in the wager's own transaction.
  db: 'reports',
  service: createPositionService,
  routes: positionRoutes,
  exports: { position: positionTable },
});
