// Player standing: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { playerStandingTable } from './player-standing-export.ts';
import { playerStandingRoutes } from './player-standing-routes.ts';
import { createPlayerStandingService } from './player-standing-service.ts';

export const playerStanding = reportModule('player-standing', {
  db: 'reports',
  service: createPlayerStandingService,
  routes: playerStandingRoutes,
  exports: { playerStanding: playerStandingTable },
});
