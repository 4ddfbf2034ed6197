// The webhooks back to the platform, put together: the outbox the agent actions write to, the
// queue that delivers it (started and stopped with the server), and the master's calls.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { WebhookSettings } from '../config.ts';
import type { Database } from '../db/open-database.ts';
import { createOutbox } from './outbox.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import { createWebhookQueue } from './webhook-queue.ts';
import { createWebhooksService } from './webhooks-service.ts';

export function createWebhooks({
  database,
  settings,
  now,
  log,
  secretKey,
}: {
  database: Database;
  settings: WebhookSettings;
  now: Clock;
  log: FastifyBaseLogger;
  /** The server key that seals signing secrets (config.platformSecretKey, decision 018). */
  secretKey: Buffer;
}) {
  const delivery = createWebhookDelivery({ db: database.db, now, settings, secretKey });
  const queue = createWebhookQueue({ database, settings, delivery, log });
  const service = createWebhooksService({ db: database.db, now, settings, queue, secretKey });
  return {
    outbox: createOutbox({ queue }),
    service,
    /**
     * Seals any signing secret stored in the clear (written before secrets were sealed), then
     * starts delivering when the configuration turns webhooks on.
     */
    start: async () => {
      const sealed = await service.sealStoredSecrets();
      if (sealed > 0)
        log.info({ sites: sealed }, 'webhooks: sealed signing secrets stored in the clear');
      if (settings.enabled) await queue.start();
    },
    stop: () => queue.stop(),
  };
}

export type { Outbox, AgentAction } from './outbox.ts';
