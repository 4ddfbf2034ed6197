import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { PositionService } from './position-service.ts';

export function positionRoutes(route: AddRoute, service: PositionService): void {
  route(api.getPosition, ({ auth, body }) => service.position(auth, body));
}
