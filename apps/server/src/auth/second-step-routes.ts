// The second step's calls (contract calls/second-step.ts): finishing a log-in with a code, setting
// an authenticator up during a log-in the site's policy stopped, and the signed-in agent's own.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import { sessionKeeper } from './auth-routes.ts';
import type { SecondStepService } from './second-step-service.ts';
import type { SecondStepSettingsService } from './second-step-settings-service.ts';

export function secondStepRoutes(
  app: FastifyInstance,
  config: Config,
  secondStep: SecondStepService,
  settings: SecondStepSettingsService,
): void {
  const keep = sessionKeeper(config);
  route(app, config, api.loginSecondStep, async ({ body, reply }) => {
    const done = await secondStep.loginSecondStep(body);
    return keep(reply, done.keepInCookie, done.session);
  });
  route(app, config, api.loginTotpStart, ({ body }) => secondStep.loginTotpStart(body));
  route(app, config, api.loginTotpConfirm, async ({ body, reply }) => {
    const done = await secondStep.loginTotpConfirm(body);
    return {
      Session: keep(reply, done.keepInCookie, done.session),
      RecoveryCodes: done.recoveryCodes,
    };
  });

  route(app, config, api.getSecondStep, ({ auth }) => settings.status(auth));
  route(app, config, api.startTotp, ({ auth }) => settings.startTotp(auth));
  route(app, config, api.confirmTotp, ({ auth, body }) => settings.confirmTotp(auth, body));
  route(app, config, api.removeTotp, ({ auth, body }) => settings.removeTotp(auth, body));
  route(app, config, api.renewRecoveryCodes, ({ auth, body }) =>
    settings.renewRecoveryCodes(auth, body),
  );
  route(app, config, api.resetAgentSecondStep, ({ auth, body }) => settings.resetAgent(auth, body));
  route(app, config, api.getSecondStepPolicy, ({ auth }) => settings.getPolicy(auth));
  route(app, config, api.setSecondStepPolicy, ({ auth, body }) => settings.setPolicy(auth, body));
}
