// The webhook queue: pg-boss in the application's own database, on both drivers (decision 019).
// A job per outbox row, keyed by its player in a key_strict_fifo queue: one player's deliveries
// wait behind the one being tried or retried, other players' go on.
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type JobWithMetadata,
  type Queue,
} from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../config.ts';
import type { Database } from '../db/open-database.ts';
import type { Executor } from '../db/query.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';
import * as repo from './webhooks-repository.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** pg-boss's own tables, shared by every queue of the app (the sheet mails' too). */
const JOB_SCHEMA = 'pgboss';
const BATCH = 10;

export interface DeliveryJob {
  outboxId: string;
}

export interface WebhookQueue {
  /** True between start and stop: only then are jobs queued with the action. */
  readonly running: boolean;
  /** Queues a row's delivery inside the caller's transaction, keyed by its player. */
  enqueue(
    tx: Executor,
    job: { jobId: string; outboxId: string; orderingKey: string },
  ): Promise<void>;
  /** Puts a failed job back at the head of its key's line; false when it had not failed. */
  retryFailed(jobId: string): Promise<boolean>;
  /** When each of these jobs runs next (those waiting on a retry's backoff). */
  nextAttempts(jobIds: string[]): Promise<Map<string, Date>>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss statements run in one of our transactions (drizzle's, on either driver). drizzle types
 * `execute` as answering `unknown`; both drivers answer `{ rows }`, which the adapter reads.
 */
export function inTransaction(ex: Executor) {
  return fromDrizzle(ex as unknown as Parameters<typeof fromDrizzle>[0], sql);
}

function connection(database: Database): ConstructorOptions {
  if (database.jobQueue.kind === 'pglite')
    return { db: fromPglite(database.jobQueue.client), backend: 'pglite' };
  // Connections of its own, so a burst of deliveries never takes the serving pool's.
  return { ...database.jobQueue.connection, max: 3, application_name: 'backline-webhooks' };
}

/**
 * A started pg-boss in the app's own database, either driver, with its queue `name` made or given
 * the options of this start (a queue's policy is fixed when made). The webhooks' queue and the
 * sheet mails' each start one, on the same tables.
 */
export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  name: string,
  options: Omit<Queue, 'name'>,
): Promise<PgBoss> {
  const started = new PgBoss({
    ...connection(database),
    schema: JOB_SCHEMA,
    // Its own tables and their upgrades, made by pg-boss itself on first start.
    migrate: true,
    schedule: false,
    useListenNotify: true,
  });
  started.on('error', (error) => log.error({ err: error }, name));
  await started.start();
  if (await started.getQueue(name)) {
    const { policy: _policy, ...rest } = options;
    await started.updateQueue(name, rest);
  } else {
    await started.createQueue(name, options);
  }
  return started;
}

const FAILURE_MAX = 300;

/**
 * Why a job failed, for its log: the peer's code or answer (an SMTP reply, a socket's error code),
 * never what was sent or a secret.
 */
export function failureOf(e: unknown): string {
  const err = e as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const cause = (e as { cause?: { code?: unknown } }).cause?.code;
  const parts = [err.code ?? cause, err.responseCode, err.response ?? err.message].filter(
    (p) => typeof p === 'string' || typeof p === 'number',
  );
  return (parts.length ? parts.join(' ') : String(e)).slice(0, FAILURE_MAX);
}

/**
 * Works a queue's jobs each on its own: one job's failure retries that job alone. An idle worker
 * looks every `pollSeconds`, since retries come due without a notification.
 */
export function workEach<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { batchSize: number; pollSeconds: number },
  handle: (job: JobWithMetadata<T>) => Promise<void>,
): Promise<string> {
  return boss.work(
    queue,
    {
      batchSize: options.batchSize,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: options.pollSeconds,
      notifyPollingIntervalSeconds: options.pollSeconds,
    },
    (jobs: JobWithMetadata<T>[]) =>
      Promise.all(
        jobs.map((job) =>
          handle(job).then(
            () => ({ id: job.id, status: 'completed' as const }),
            (error: unknown) => ({
              id: job.id,
              status: 'failed' as const,
              output: { message: failureOf(error) },
            }),
          ),
        ),
      ),
  );
}

export function createWebhookQueue({
  database,
  settings,
  delivery,
  log,
}: {
  database: Database;
  settings: WebhookSettings;
  delivery: WebhookDelivery;
  log: FastifyBaseLogger;
}): WebhookQueue {
  let boss: PgBoss | null = null;
  const db = database.db;

  const queueOptions = {
    policy: 'key_strict_fifo',
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    notify: true,
  } as const;

  async function handle(job: JobWithMetadata<DeliveryJob>) {
    try {
      await delivery.deliver(job.data.outboxId);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await delivery.giveUp(job.data.outboxId);
      throw error;
    }
  }

  /** Rows written while the queue was off get their jobs now, oldest first. */
  async function catchUp(running: PgBoss) {
    for (;;) {
      const rows = await repo.pendingWithoutJob(db, 500);
      if (rows.length === 0) return;
      for (const row of rows) {
        const jobId = crypto.randomUUID();
        await db.transaction(async (tx) => {
          await repo.updateOutbox(tx, row.id, { jobId });
          await running.send(WEBHOOK_QUEUE, { outboxId: row.id } satisfies DeliveryJob, {
            id: jobId,
            singletonKey: row.orderingKey,
            db: inTransaction(tx),
          });
        });
      }
    }
  }

  return {
    get running() {
      return boss !== null;
    },

    async enqueue(tx, job) {
      if (!boss) throw new Error('the webhook queue is not running');
      await boss.send(WEBHOOK_QUEUE, { outboxId: job.outboxId } satisfies DeliveryJob, {
        id: job.jobId,
        singletonKey: job.orderingKey,
        db: inTransaction(tx),
      });
    },

    async retryFailed(jobId) {
      if (!boss) return false;
      // Typed as an empty object; the answer carries the count of jobs it moved.
      const result = (await boss.retry(WEBHOOK_QUEUE, jobId)) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },

    async nextAttempts(jobIds) {
      const out = new Map<string, Date>();
      if (!boss) return out;
      for (const id of jobIds) {
        const job = await boss.getJobById(WEBHOOK_QUEUE, id);
        if (job && (job.state === 'retry' || job.state === 'created')) out.set(id, job.startAfter);
      }
      return out;
    },

    async start() {
      const started = await startJobQueue(database, log, WEBHOOK_QUEUE, queueOptions);
      await workEach(
        started,
        WEBHOOK_QUEUE,
        { batchSize: BATCH, pollSeconds: settings.pollSeconds },
        handle,
      );
      boss = started;
      await catchUp(started);
    },

    async stop() {
      const running = boss;
      boss = null;
      // Waits for deliveries under way, each bounded by the timeout.
      await running?.stop({ graceful: true, timeout: settings.timeoutMs + 1000 });
    },
  };
}
