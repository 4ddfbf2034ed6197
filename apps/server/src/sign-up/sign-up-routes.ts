import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import { send } from '../plugins/error-handler.ts';
import type { SignUpService } from './sign-up-service.ts';
import { buildCountryData, countryOfAddress, flagSvg } from './countries.ts';

export function signUpRoutes(app: FastifyInstance, config: Config, signUp: SignUpService): void {
  route(app, config, api.getAgentSignUpConfigurationBySite, ({ query }) =>
    signUp.configuration(query.SiteId),
  );
  route(app, config, api.validateAgentInformation, ({ body, request }) =>
    signUp.validate(body, request.ip),
  );
  route(app, config, api.insertAgentSignUp, ({ body, request }) =>
    signUp.insert(body, request.ip, String(request.id)),
  );
  route(app, config, api.getAgentSignUps, ({ auth, query }) => signUp.list(auth, query.status));
  route(app, config, api.decideAgentSignUp, ({ auth, body, request }) =>
    signUp.decide(auth, body, request.ip, String(request.id)),
  );

  const countries = buildCountryData();
  route(app, config, api.countries, async () => countries);
  route(app, config, api.geoLocation, async ({ request }) => ({
    Ip: request.ip,
    Country: countryOfAddress(request.ip),
  }));
  app.get<{ Params: { file: string } }>(
    '/assets/flags/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const svg = flagSvg(request.params.file.replace(/\.svg$/, ''));
      if (!svg) return send(reply, request, 404, 'not_found', {}, 'No such flag');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
