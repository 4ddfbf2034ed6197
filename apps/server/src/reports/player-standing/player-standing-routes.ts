import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { PlayerStandingService } from './player-standing-service.ts';

export function playerStandingRoutes(route: AddRoute, service: PlayerStandingService): void {
  route(api.playerStanding, ({ auth, body }) => service.playerStanding(auth, body));
}
