import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { HoldService } from './hold-service.ts';

export function holdRoutes(route: AddRoute, service: HoldService): void {
  route(api.getHold, ({ auth, body }) => service.hold(auth, body));
}
