import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { eventStreamRoute, route } from '../http/route.ts';
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
  eventStreamRoute(app, config, api.notificationStream, 9, ({ query, lastEventId }) =>
    service.openStream(query.ticket, query.lastEventId ?? lastEventId),
  );
  // Open streams would hold the server open; end them before it closes.
  app.addHook('preClose', async () => service.close());
}
