// Shared devices: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { sharedDevicesTable } from './shared-devices-export.ts';
import { sharedDevicesRoutes } from './shared-devices-routes.ts';
import { createSharedDevicesService } from './shared-devices-service.ts';

export const sharedDevices = reportModule('shared-devices', {
  db: 'reports',
  service: createSharedDevicesService,
  routes: sharedDevicesRoutes,
  exports: { sharedDevices: sharedDevicesTable },
});
