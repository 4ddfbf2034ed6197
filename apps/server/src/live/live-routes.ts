import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route, streamRoute } from '../http/route.ts';
import type { LiveService } from './live-service.ts';

export function liveRoutes(app: FastifyInstance, config: Config, service: LiveService): void {
  route(app, config, api.getLive, ({ auth, body }) => service.latest(auth, body));
  route(app, config, api.liveStreamTicket, ({ auth }) => service.issueTicket(auth));
  streamRoute(
    app,
    config,
    api.liveStream,
    'text/event-stream; charset=utf-8',
    ({ query, request }) => {
      const header = request.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
      return service.openStream(query.ticket, query.after ?? fromHeader);
    },
  );
  // Open streams would hold the server open; end them before it closes.
  app.addHook('preClose', async () => service.close());
}
