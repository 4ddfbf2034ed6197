import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { eventStreamRoute, route } from '../http/route.ts';
import type { LiveService } from './live-service.ts';

export function liveRoutes(app: FastifyInstance, config: Config, service: LiveService): void {
  route(app, config, api.getLive, ({ auth, body }) => service.latest(auth, body));
  route(app, config, api.liveStreamTicket, ({ auth }) => service.issueTicket(auth));
  eventStreamRoute(app, config, api.liveStream, 15, ({ query, lastEventId }) =>
    service.openStream(query.ticket, query.after ?? lastEventId),
  );
  // Open streams would hold the server open; end them before it closes.
  app.addHook('preClose', async () => service.close());
}
