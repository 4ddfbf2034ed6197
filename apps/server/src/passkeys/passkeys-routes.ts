// The passkey calls (contract calls/passkeys.ts): an agent's own passkeys, and the log-in's second
// step finished with one.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import { sessionKeeper } from '../auth/auth-routes.ts';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { PasskeySignInService } from './passkey-sign-in-service.ts';
import type { PasskeysService } from './passkeys-service.ts';

export function passkeysRoutes(
  app: FastifyInstance,
  config: Config,
  passkeys: PasskeysService,
  signIn: PasskeySignInService,
): void {
  const keep = sessionKeeper(config);
  route(app, config, api.getPasskeys, ({ auth }) => passkeys.list(auth));
  route(app, config, api.passkeyRegistrationOptions, ({ auth }) =>
    passkeys.registrationOptions(auth),
  );
  route(app, config, api.registerPasskey, ({ auth, body }) => passkeys.register(auth, body));
  route(app, config, api.renamePasskey, ({ auth, body }) => passkeys.rename(auth, body));
  route(app, config, api.removePasskey, ({ auth, body }) => passkeys.remove(auth, body));
  route(app, config, api.secondStepPasskeyOptions, ({ body }) => signIn.signInOptions(body));
  route(app, config, api.secondStepPasskey, async ({ body, reply }) => {
    const { session, keepInCookie } = await signIn.signIn(body);
    return keep(reply, keepInCookie, session);
  });
}
