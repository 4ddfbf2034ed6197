import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { WagersService } from './wagers-service.ts';

export function wagersRoutes(app: FastifyInstance, config: Config, service: WagersService): void {
  route(app, config, api.getOpenBets, ({ auth, query }) => service.openBets(auth, query));
  route(app, config, api.getOpenBetsReport, ({ auth, query }) =>
    service.openBetsSummary(auth, query),
  );
  route(app, config, api.getGradedBetsReport, ({ auth, query }) => service.gradedBets(auth, query));
  route(app, config, api.getChangedBetsReport, ({ auth, query }) =>
    service.changedBets(auth, query),
  );
  route(app, config, api.getWagerGameScore, ({ auth, query }) =>
    service.gameScore(auth, query.idWager),
  );
  route(app, config, api.findWagerByTicket, ({ auth, query }) =>
    service.findByTicket(auth, query.ticketNumber),
  );
  route(app, config, api.wagerDelete, ({ auth, body, request }) =>
    service.deleteWager(auth, body, request.id),
  );
}
