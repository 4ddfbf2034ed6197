import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { WagersService } from './wagers-service.ts';

export function wagersRoutes(route: AddRoute, service: WagersService): void {
  route(api.getOpenBets, ({ auth, query }) => service.openBets(auth, query));
  route(api.getOpenBetsReport, ({ auth, query }) => service.openBetsSummary(auth, query));
  route(api.getGradedBetsReport, ({ auth, query }) => service.gradedBets(auth, query));
  route(api.getChangedBetsReport, ({ auth, query }) => service.changedBets(auth, query));
  route(api.getWagerGameScore, ({ auth, query }) => service.gameScore(auth, query.idWager));
  route(api.findWagerByTicket, ({ auth, query }) => service.findByTicket(auth, query.ticketNumber));
  route(api.wagerDelete, ({ auth, body, request }) => service.deleteWager(auth, body, request.id));
}
