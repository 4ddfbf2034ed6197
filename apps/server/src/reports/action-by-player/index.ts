// Action by player: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { actionByPlayerTable } from './action-by-player-export.ts';
import { actionByPlayerRoutes } from './action-by-player-routes.ts';
import { createActionByPlayerService } from './action-by-player-service.ts';

export const actionByPlayer = reportModule('action-by-player', {
  db: 'reports',
  service: createActionByPlayerService,
  routes: actionByPlayerRoutes,
  exports: { actionByPlayer: actionByPlayerTable },
});
