// The master agent's integration keys (the /Integration screen): one service call per route.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { PlatformKeysService } from './platform-keys-service.ts';

export function platformKeysRoutes(
  app: FastifyInstance,
  config: Config,
  keys: PlatformKeysService,
): void {
  route(app, config, api.getIntegrationKeys, ({ auth }) => keys.list(auth));
  route(app, config, api.insertIntegrationKey, ({ auth, body }) =>
    keys.create(auth, { label: body.Label, scopes: body.Scopes }),
  );
  route(app, config, api.rotateIntegrationKey, ({ auth, body }) => keys.rotate(auth, body));
  route(app, config, api.revokeIntegrationKey, ({ auth, body }) => keys.revoke(auth, body));
}
