import type { FastifyInstance } from 'fastify';
import { api, SITE_KEY_HEADER } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AuthService } from './auth-service.ts';

export function authRoutes(app: FastifyInstance, config: Config, auth: AuthService): void {
  route(app, config, api.login, ({ body, request }) =>
    auth.login(body, request.ip, String(request.id)),
  );
  route(app, config, api.agentLogin, ({ auth: caller }) => auth.agentLogin(caller!));
  route(app, config, api.issueLoginToken, ({ body, request }) => {
    const key = request.headers[SITE_KEY_HEADER];
    return auth.issueLoginToken(body, typeof key === 'string' ? key : '', request.ip);
  });
  route(app, config, api.logout, async ({ auth: caller }) => {
    await auth.logout(caller!);
    return { Ok: true as const };
  });
}
