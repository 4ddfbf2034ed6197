// One delivery: a signed POST of the outbox row's body to the site's endpoint, bounded in time,
// each attempt written to the log. A failure throws, so the queue retries it with backoff.
import type { WebhookSettings } from '../config.ts';
import type { Db } from '../db/query.ts';
import type { Clock } from '../clock.ts';
import {
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeader,
  signatureOf,
} from '../platform/signature.ts';
import { DELIVERY_ID_HEADER, DELIVERY_TYPE_HEADER } from '@backline/contract';
import * as repo from './webhooks-repository.ts';
import { openWebhookSecrets, type SigningSecrets } from './webhook-secret.ts';
import { resolvesPrivate } from './webhook-target.ts';

/** Why an attempt did not deliver; the queue's retry carries the message. */
export class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
}

const ERROR_MAX = 300;

/** The signature header: the current secret's v1, and the previous one's while it overlaps. */
export function signedHeaders(
  secrets: SigningSecrets,
  body: string,
  at: Date,
): Record<string, string> {
  const t = Math.floor(at.getTime() / 1000);
  let signature = signatureHeader(secrets.secret, t, body);
  if (secrets.previousSecret && secrets.previousSecretUntil && secrets.previousSecretUntil > at)
    signature += `,v1=${signatureOf(secrets.previousSecret, t, body)}`;
  return { [KEY_ID_HEADER]: secrets.secretId, [SIGNATURE_HEADER]: signature };
}

export function createWebhookDelivery({
  db,
  now,
  settings,
  secretKey,
}: {
  db: Db;
  now: Clock;
  settings: WebhookSettings;
  /** The server key that seals signing secrets (config.platformSecretKey). */
  secretKey: Buffer;
}) {
  /** One POST; answers the status code, or throws with what went wrong before any answer. */
  async function post(endpoint: repo.EndpointRow, row: repo.OutboxRow, at: Date) {
    const secrets = openWebhookSecrets(secretKey, endpoint);
    if (!secrets)
      throw new DeliveryFailed('the signing secret does not open under this server key');
    const url = new URL(endpoint.url);
    if (!settings.privateTargets && (await resolvesPrivate(url)))
      throw new DeliveryFailed('the address resolves to a loopback or private network');
    const body = JSON.stringify(row.payload);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Backline-Webhooks/1',
        [DELIVERY_ID_HEADER]: row.id,
        [DELIVERY_TYPE_HEADER]: row.type,
        ...signedHeaders(secrets, body, at),
      },
      body,
      // A redirect is an answer of its own: following it would send the signed body elsewhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  }

  /** Tries one row once and logs the attempt; throws DeliveryFailed unless it was delivered. */
  async function attempt(row: repo.OutboxRow): Promise<void> {
    const endpoint = await repo.findEndpoint(db, row.siteId);
    const at = now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      if (!endpoint) throw new DeliveryFailed('no webhook address is set for the site');
      statusCode = await post(endpoint, row, at);
      if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
    } catch (e) {
      error = describe(e);
    }
    const delivered = error === null;
    await repo.recordAttempt(
      db,
      {
        outboxId: row.id,
        attemptedAt: at,
        statusCode,
        error,
        durationMs: Math.round(performance.now() - started),
      },
      delivered,
    );
    if (!delivered) throw new DeliveryFailed(error!);
  }

  /**
   * Delivers the row of a job, after any row of the same player written before it and still
   * pending (one whose own job comes later, or that was written while the queue was off), so a
   * player's deliveries arrive in the order they were written. A row already delivered is not
   * sent again: that is what makes each delivery arrive once.
   */
  async function deliver(outboxId: string): Promise<void> {
    const row = await repo.findOutbox(db, outboxId);
    if (!row || row.status !== 'pending') return;
    for (const earlier of await repo.pendingBefore(db, row.orderingKey, row.seq))
      await attempt(earlier);
    await attempt(row);
  }

  /** The queue gave up on a row: it stays in the log as failed until a re-send. */
  async function giveUp(outboxId: string): Promise<void> {
    const row = await repo.findOutbox(db, outboxId);
    if (row?.status === 'pending') await repo.updateOutbox(db, outboxId, { status: 'failed' });
  }

  return { deliver, giveUp };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

function describe(e: unknown): string {
  if (e instanceof DeliveryFailed) return e.message;
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return 'no answer in time';
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const text = cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
  return `not reached: ${text}`.slice(0, ERROR_MAX);
}
