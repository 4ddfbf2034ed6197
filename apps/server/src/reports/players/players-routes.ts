// The players list's calls: a page of the list, a player on or off the watch list, its limits and
// the requests for limits above a cap, and the player's page: profile, access, messages, the changes made and its analysis.
import { api } from '@backline/contract';
import type { FastifyRequest } from 'fastify';
import type { AddRoute } from '../../http/route.ts';
import type { PlayersService } from './players-service.ts';
import type { PlayerAccountService } from './player-account-service.ts';
import type { PlayerAnalysisService } from './player-analysis-service.ts';
import type { PlayerLimitsService } from './player-limits-service.ts';
import type { Caller } from '../../security/audit-repository.ts';

/** Who asked, for the audit row of a change. */
const callerOf = (request: FastifyRequest): Caller => ({
  address: request.ip,
  requestId: String(request.id),
});

export function playersRoutes(
  route: AddRoute,
  service: PlayersService & PlayerAccountService & PlayerAnalysisService & PlayerLimitsService,
): void {
  route(api.getPlayers, ({ auth, body }) => service.players(auth, body));
  route(api.setPlayerWatched, ({ auth, body, request }) =>
    service.setWatched(auth, body, callerOf(request)),
  );
  route(api.getPlayerLimits, ({ auth, body }) => service.limits(auth, body));
  route(api.setPlayerLimits, ({ auth, body, request }) =>
    service.setLimits(auth, body, callerOf(request)),
  );
  route(api.requestPlayerLimits, ({ auth, body, request }) =>
    service.requestLimits(auth, body, callerOf(request)),
  );
  route(api.getLimitRequests, ({ auth, body }) => service.requests(auth, body));
  route(api.decideLimitRequest, ({ auth, body, request }) =>
    service.decide(auth, body, callerOf(request)),
  );
  route(api.getWatchList, ({ auth, body }) => service.watchList(auth, body));
  route(api.getPlayer, ({ auth, body }) => service.account(auth, body));
  route(api.setPlayerProfile, ({ auth, body, request }) =>
    service.setProfile(auth, body, callerOf(request)),
  );
  route(api.setPlayerAccess, ({ auth, body, request }) =>
    service.setAccess(auth, body, callerOf(request)),
  );
  route(api.sendPlayerMessage, ({ auth, body }) => service.sendMessage(auth, body));
  route(api.getPlayerMessages, ({ auth, body }) => service.messages(auth, body));
  route(api.getPlayerChanges, ({ auth, body }) => service.changes(auth, body));
  route(api.getPlayerAnalysis, ({ auth, body }) => service.analysis(auth, body));
}
