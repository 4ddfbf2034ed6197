// The master agent's webhook calls: thin, one service call each.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { WebhooksService } from './webhooks-service.ts';

export function webhooksRoutes(app: FastifyInstance, config: Config, webhooks: WebhooksService) {
  route(app, config, api.getWebhookEndpoint, ({ auth }) => webhooks.getEndpoint(auth));
  route(app, config, api.setWebhookEndpoint, ({ auth, body }) => webhooks.setEndpoint(auth, body));
  route(app, config, api.rotateWebhookSecret, ({ auth, body }) =>
    webhooks.rotateSecret(auth, body),
  );
  route(app, config, api.getWebhookDeliveries, ({ auth, query }) =>
    webhooks.deliveries(auth, query),
  );
  route(app, config, api.resendWebhookDelivery, ({ auth, body }) => webhooks.resend(auth, body));
}
