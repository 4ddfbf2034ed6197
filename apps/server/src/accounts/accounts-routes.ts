import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import type { Auth } from '../auth/auth-context.ts';
import { route } from '../http/route.ts';
import type { Caller, PasswordChangeService } from './password-change-service.ts';
import type { AgentPasswordsService } from './agent-passwords-service.ts';

/** The caller as the service takes it: an agent for agent calls, either session for the rest. */
const caller = <A extends Auth>(auth: A, request: FastifyRequest): Caller<A> => ({
  auth,
  address: request.ip,
  requestId: String(request.id),
});

export function accountsRoutes(
  app: FastifyInstance,
  config: Config,
  passwords: PasswordChangeService,
  agentPasswords: AgentPasswordsService,
): void {
  route(app, config, api.sendEmailChangePassword, ({ auth, request }) =>
    passwords.sendCode(caller(auth, request)),
  );
  route(app, config, api.verifiedCodePass, ({ auth, body, request }) =>
    passwords.verifyCode(caller(auth, request), body.Code),
  );
  route(app, config, api.updatePassword, ({ auth, body, request }) =>
    passwords.updatePassword(caller(auth, request), body),
  );
  route(app, config, api.changeAgentsPassword, ({ auth, body, request }) =>
    agentPasswords.changePassword(caller(auth, request), body),
  );
  route(app, config, api.getAgentOnlinePasswordStatus, ({ auth, query }) =>
    agentPasswords.onlineStatus(auth, query.agent),
  );
  route(app, config, api.getAgentOnlinePasswordByEmail, ({ auth, query, request }) =>
    agentPasswords.sendAccessLink(caller(auth, request), query),
  );
}
