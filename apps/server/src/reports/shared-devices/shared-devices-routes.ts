import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { SharedDevicesService } from './shared-devices-service.ts';

export function sharedDevicesRoutes(route: AddRoute, service: SharedDevicesService): void {
  route(api.getSharedDevices, ({ auth, body }) => service.sharedDevices(auth, body));
}
