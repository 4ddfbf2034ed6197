// Beat the line: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { beatTheLineTable } from './beat-the-line-export.ts';
import { beatTheLineRoutes } from './beat-the-line-routes.ts';
import { createBeatTheLineService } from './beat-the-line-service.ts';

export const beatTheLine = reportModule('beat-the-line', {
  db: 'reports',
  service: createBeatTheLineService,
  routes: beatTheLineRoutes,
  exports: { beatTheLine: beatTheLineTable },
});
