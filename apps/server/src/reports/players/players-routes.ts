// The players list's calls: a page of the list, and a player on or off the watch list.
import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { PlayersService } from './players-service.ts';

export function playersRoutes(route: AddRoute, service: PlayersService): void {
  route(api.getPlayers, ({ auth, body }) => service.players(auth, body));
  route(api.setPlayerWatched, ({ auth, body, request }) =>
    service.setWatched(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
}
