import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route, streamRoute } from '../http/route.ts';
import type { NotificationsService } from './notifications-service.ts';

export function notificationsRoutes(
  app: FastifyInstance,
  config: Config,
  service: NotificationsService,
): void {
  route(app, config, api.getNotificationByAgentId, ({ auth }) => service.unseen(auth));
  route(app, config, api.getSeenNotificationByAgentId, ({ auth }) => service.seen(auth));
  route(app, config, api.markNotificationAsView, ({ auth, query }) =>
    service.markViewed(auth, query.idNotification),
  );
  route(app, config, api.markAllNotificationsAsView, ({ auth }) => service.markAllViewed(auth));
  route(app, config, api.insertNotification, ({ auth, body, request }) =>
    service.insert(auth, body, request.id),
  );
  route(app, config, api.notificationStreamTicket, ({ auth }) => service.issueTicket(auth));
  streamRoute(
    app,
    config,
    api.notificationStream,
    'text/event-stream; charset=utf-8',
    ({ query, request }) => {
      const header = request.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : undefined;
      return service.openStream(query.ticket, query.lastEventId ?? fromHeader);
    },
  );
  // Open streams would hold the server open; end them before it closes.
  app.addHook('preClose', async () => service.close());
}
