// Players: the module app.ts registers (reports/report-module.ts). On the primary: a player put on
// the watch list shows so in the very next page. A player's page is served here too.
import { reportModule } from '../report-module.ts';
import { playersTable } from './players-export.ts';
import { playersRoutes } from './players-routes.ts';
import { createPlayersService } from './players-service.ts';
import { createPlayerAccountService } from './player-account-service.ts';
import { createPlayerLimitsService } from './player-limits-service.ts';
import { createPlayerAnalysisService } from './player-analysis-service.ts';

export const players = reportModule('players', {
  db: 'primary',
  service: (deps) => ({
    ...createPlayersService(deps),
    ...createPlayerAccountService(deps),
    ...createPlayerAnalysisService(deps),
    ...createPlayerLimitsService(deps),
  }),
  routes: playersRoutes,
  exports: { players: playersTable },
});
