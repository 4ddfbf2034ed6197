// The master sheet: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { masterSheetTable } from './master-sheet-export.ts';
import { masterSheetRoutes } from './master-sheet-routes.ts';
import { createMasterSheetService } from './master-sheet-service.ts';

export const masterSheet = reportModule('master-sheet', {
  // A read closes the weeks past their cut-off, and a deal must see the caller's own writes.
  db: 'primary',
  service: createMasterSheetService,
  routes: masterSheetRoutes,
  exports: { masterSheet: masterSheetTable },
});
