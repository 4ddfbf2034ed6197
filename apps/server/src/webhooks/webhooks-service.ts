// The master agent's webhook settings and delivery log (the /Integration screen): the endpoint,
// its signing secret (shown once), each delivery with its attempts, and a re-send.
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_TYPES,
  type WebhookDeliveryRow,
  type api,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Clock } from '../clock.ts';
import type { WebhookSettings } from '../config.ts';
import type { Db, Executor } from '../db/query.ts';
import { auditAgent } from '../security/audit-repository.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { WebhookQueue } from './webhook-queue.ts';
import { newWebhookSecret, openWebhookSecrets, sealedRow } from './webhook-secret.ts';
import { namesPrivateHost } from './webhook-target.ts';
import * as repo from './webhooks-repository.ts';

const HISTORY = 10;
const HOUR = 3_600_000;

/** The endpoint as the master sees it: of its secret, only the last characters, as a reminder. */
function toEndpoint(row: repo.EndpointRow | null, secretKey: Buffer) {
  return {
    Url: row?.url ?? null,
    SecretHint: row ? (openWebhookSecrets(secretKey, row)?.secret.slice(-4) ?? null) : null,
    SecretRotatedAt: row?.secretRotatedAt.toISOString() ?? null,
    PreviousSecretUntil: row?.previousSecret
      ? (row.previousSecretUntil?.toISOString() ?? null)
      : null,
    UpdatedAt: row?.updatedAt.toISOString() ?? null,
    Types: [...WEBHOOK_TYPES],
  };
}

export function createWebhooksService({
  db,
  now,
  settings,
  queue,
  secretKey,
}: {
  db: Db;
  now: Clock;
  settings: WebhookSettings;
  queue: WebhookQueue;
  secretKey: Buffer;
}) {
  async function master(auth: AgentAuth): Promise<void> {
    if (!(await repo.isSiteRoot(db, auth.siteId, auth.agentId)))
      throw new ForbiddenError('webhook_master_only');
  }

  /** The act's audit row: the URL and secret ids, never a secret. */
  function auditWebhook(
    tx: Executor,
    auth: AgentAuth,
    action: string,
    details: Record<string, unknown>,
  ) {
    return auditAgent(tx, auth, {
      action,
      targetKind: 'webhook',
      at: now(),
      details,
    });
  }

  async function getEndpoint(auth: AgentAuth) {
    await master(auth);
    return toEndpoint(await repo.findEndpoint(db, auth.siteId), secretKey);
  }

  async function setEndpoint(auth: AgentAuth, input: ParsedBodyOf<typeof api.setWebhookEndpoint>) {
    await master(auth);
    const url = new URL(input.Url);
    if (url.username || url.password) throw new ValidationError('url_invalid', { field: 'Url' });
    if (!settings.privateTargets && namesPrivateHost(url))
      throw new ValidationError('webhook_url_private', { field: 'Url' });
    const at = now();
    return db.transaction(async (tx) => {
      const current = await repo.lockEndpoint(tx, auth.siteId);
      if (current) {
        const row = await repo.updateEndpoint(tx, auth.siteId, {
          url: url.href,
          updatedBy: auth.selfAgentId,
          updatedAt: at,
        });
        await auditWebhook(tx, auth, 'webhook.settings', {
          before: { url: current.url },
          after: { url: row.url },
        });
        return { ...toEndpoint(row, secretKey), Secret: null };
      }
      const made = newWebhookSecret(secretKey, auth.siteId);
      const row = await repo.insertEndpoint(tx, {
        siteId: auth.siteId,
        url: url.href,
        secretId: made.secretId,
        secret: made.sealed,
        updatedBy: auth.selfAgentId,
        createdAt: at,
        updatedAt: at,
        secretRotatedAt: at,
      });
      await auditWebhook(tx, auth, 'webhook.settings', {
        before: { url: null },
        after: { url: row.url },
      });
      return { ...toEndpoint(row, secretKey), Secret: made.secret };
    });
  }

  async function rotateSecret(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.rotateWebhookSecret>,
  ) {
    await master(auth);
    const at = now();
    return db.transaction(async (tx) => {
      const current = await repo.lockEndpoint(tx, auth.siteId);
      if (!current) throw new ConflictError('webhook_not_configured');
      const made = newWebhookSecret(secretKey, auth.siteId);
      const overlap = input.OverlapHours > 0;
      const row = await repo.updateEndpoint(tx, auth.siteId, {
        secretId: made.secretId,
        secret: made.sealed,
        // Kept as it is stored: sealed, bound to this site's endpoint as the new one is.
        previousSecret: overlap ? current.secret : null,
        previousSecretUntil: overlap ? new Date(at.getTime() + input.OverlapHours * HOUR) : null,
        updatedBy: auth.selfAgentId,
        updatedAt: at,
        secretRotatedAt: at,
      });
      await auditWebhook(tx, auth, 'webhook.secret_rotated', {
        overlapHours: input.OverlapHours,
      });
      return { ...toEndpoint(row, secretKey), Secret: made.secret };
    });
  }

  /**
   * Seals the signing secrets of endpoints written before secrets were sealed (they were stored in
   * the clear until then); answers how many endpoints it sealed. Safe to run from every process.
   */
  async function sealStoredSecrets(): Promise<number> {
    return db.transaction(async (tx) => {
      let sealed = 0;
      for (const row of await repo.lockUnsealedEndpoints(tx)) {
        const set = sealedRow(secretKey, row);
        if (!set) continue;
        await repo.updateEndpoint(tx, row.siteId, set);
        sealed++;
      }
      return sealed;
    });
  }

  async function toRows(rows: repo.OutboxRow[]): Promise<WebhookDeliveryRow[]> {
    const ids = rows.map((r) => r.id);
    const attempts = Map.groupBy(await repo.latestAttempts(db, ids, HISTORY), (a) => a.outboxId);
    const waiting = rows.filter((r) => r.status === 'pending' && r.jobId).map((r) => r.jobId!);
    const next = await queue.nextAttempts(waiting);
    return rows.map((r) => ({
      IdDelivery: r.id,
      Type: r.type as WebhookDeliveryRow['Type'],
      IdPlayer: r.playerId,
      Player: (r.payload as { Player?: string | null }).Player ?? null,
      CreatedAt: r.createdAt.toISOString(),
      Status: r.status as WebhookDeliveryRow['Status'],
      Attempts: r.attempts,
      LastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
      LastStatusCode: r.lastStatusCode,
      LastError: r.lastError,
      NextAttemptAt: (r.jobId && next.get(r.jobId)?.toISOString()) || null,
      DeliveredAt: r.deliveredAt?.toISOString() ?? null,
      History: (attempts.get(r.id) ?? []).map((a) => ({
        At: a.attemptedAt.toISOString(),
        StatusCode: a.statusCode,
        Error: a.error,
        DurationMs: a.durationMs,
      })),
    }));
  }

  async function deliveries(
    auth: AgentAuth,
    input: ParsedQueryOf<typeof api.getWebhookDeliveries>,
  ) {
    await master(auth);
    const { rows, total } = await repo.listOutbox(db, auth.siteId, {
      status: input.status,
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return { Rows: await toRows(rows), Total: total };
  }

  /**
   * A failed delivery goes back to the head of its player's line (its job retried, so the
   * player's later ones still wait behind it); a delivered or skipped one is queued once more
   * with the same id; a pending one stays where it is in its line.
   */
  async function resend(auth: AgentAuth, input: ParsedBodyOf<typeof api.resendWebhookDelivery>) {
    await master(auth);
    const row = await repo.findSiteOutbox(db, auth.siteId, input.IdDelivery);
    if (!row) throw new NotFoundError('webhook_delivery_not_found', { delivery: input.IdDelivery });
    if (!(await repo.findEndpoint(db, auth.siteId)))
      throw new ConflictError('webhook_not_configured');
    if (row.status === 'pending') return (await toRows([row]))[0]!;
    // Marked pending before it is queued, and answered as marked: a delivery that wins the race
    // with this answer is neither overwritten nor reported as still waiting.
    const queued = await db.transaction(async (tx) => {
      await repo.updateOutbox(tx, row.id, { status: 'pending' });
      await auditWebhook(tx, auth, 'webhook.resent', {
        delivery: row.id,
        type: row.type,
        was: row.status,
      });
      return (await repo.findOutbox(tx, row.id))!;
    });
    const retried =
      row.status === 'failed' && row.jobId !== null && (await queue.retryFailed(row.jobId));
    if (!retried) {
      await db.transaction(async (tx) => {
        const jobId = queue.running ? randomUUID() : null;
        await repo.updateOutbox(tx, row.id, { jobId });
        if (jobId)
          await queue.enqueue(tx, { jobId, outboxId: row.id, orderingKey: row.orderingKey });
      });
    }
    return (await toRows([queued]))[0]!;
  }

  return { getEndpoint, setEndpoint, rotateSecret, deliveries, resend, sealStoredSecrets };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
