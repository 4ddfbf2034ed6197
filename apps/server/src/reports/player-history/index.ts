// Player history: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { playerHistoryTable } from './player-history-export.ts';
import { playerHistoryRoutes } from './player-history-routes.ts';
import { createPlayerHistoryService } from './player-history-service.ts';

export const playerHistory = reportModule('player-history', {
  db: 'reports',
  service: createPlayerHistoryService,
  routes: playerHistoryRoutes,
  exports: { playerHistory: playerHistoryTable },
});
