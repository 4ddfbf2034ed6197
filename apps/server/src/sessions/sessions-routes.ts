// The sessions calls (contract calls/sessions.ts) and the log-in history (calls/login-history.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { LoginHistoryService } from './login-history-service.ts';
import type { SessionsService } from './sessions-service.ts';

export function sessionsRoutes(
  app: FastifyInstance,
  config: Config,
  sessions: SessionsService,
  history: LoginHistoryService,
): void {
  route(app, config, api.getMySessions, ({ auth }) => sessions.mine(auth));
  route(app, config, api.endMySession, ({ auth, body }) => sessions.endOne(auth, body.IdSession));
  route(app, config, api.endMyOtherSessions, ({ auth }) => sessions.endOthers(auth));
  route(app, config, api.getAgentSessions, ({ auth, query }) =>
    sessions.ofAgent(auth, query.idAgent),
  );
  route(app, config, api.endAgentSessions, ({ auth, body }) =>
    sessions.endOfAgent(auth, body.IdAgent),
  );
  route(app, config, api.getLoginHistory, ({ auth, query }) => history.history(auth, query));
}
