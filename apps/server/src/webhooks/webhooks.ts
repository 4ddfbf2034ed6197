// The webhooks back to the platform, put together: the outbox the agent actions write to, the
// queue that delivers it (started and stopped with the server), and the master's calls.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { WebhookSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createOutbox } from './outbox.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import { createWebhookQueue } from './webhook-queue.ts';
import { createWebhooksService } from './webhooks-service.ts';

export function createWebhooks({
  database,
  settings,
  now,
  log,
}: {
  database: Database;
  settings: WebhookSettings;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const delivery = createWebhookDelivery({ db: database.db, now, settings });
  const queue = createWebhookQueue({ database, settings, delivery, log });
  return {
    outbox: createOutbox({ queue }),
    service: createWebhooksService({ db: database.db, now, settings, queue }),
    /** Starts delivering, when the configuration turns webhooks on. */
    start: async () => {
      if (settings.enabled) await queue.start();
    },
    stop: () => queue.stop(),
  };
}

export type { Outbox, AgentAction } from './outbox.ts';
