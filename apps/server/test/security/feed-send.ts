// Sends one platform-feed call as a platform would: the raw body signed with a key's secret
// (x-backline-key, x-backline-signature), or with whatever headers a case wants instead.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PLATFORM_BASE, type PlatformEndpoint } from '@backline/contract';
import type { Clock } from '../../src/clock.ts';
import { createPlatformKeysService } from '../../src/platform/platform-keys-service.ts';
import { signatureHeader } from '../../src/platform/signature.ts';
import { testClock, type TestContext } from '../helpers.ts';
import type { Answer } from './send.ts';

export interface FeedKey {
  KeyId: string;
  Secret: string;
}

/** A new feed key of `site`, made by the keys service straight (no session needed). */
export function createFeedKey(
  ctx: TestContext,
  site: number,
  label: string,
  now: Clock = testClock,
): Promise<FeedKey> {
  return createPlatformKeysService({
    db: ctx.database.db,
    now,
    secretKey: ctx.config.platformSecretKey,
  }).createForSite(site, { label });
}

/**
 * The seconds each body was signed at: a platform signs every send anew, and a test's clock often
 * stands still, so a body sent again is signed at a second it was not signed at before (the same
 * signed bytes twice are a replay, refused).
 */
const signedAt = new Map<string, Set<number>>();

function freshSecond(body: string, now: number): number {
  const id = createHash('sha256').update(body).digest('hex');
  let used = signedAt.get(id);
  if (!used) signedAt.set(id, (used = new Set()));
  let t = now;
  while (used.has(t)) t--;
  used.add(t);
  return t;
}

export interface FeedSend {
  /** Signed with this key; null sends no key at all. */
  key: FeedKey | null;
  /** The signature header as given, instead of the key's own. */
  signature?: string;
  /** Seconds to sign at; by default now, or a second before it this body was not signed at. */
  t?: number;
  headers?: Record<string, string>;
  ip?: string;
}

export async function sendFeed(
  app: FastifyInstance,
  e: PlatformEndpoint,
  body: string,
  now: () => Date,
  opts: FeedSend,
): Promise<Answer> {
  const t = opts.t ?? freshSecond(body, Math.floor(now().getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': e.contentType ?? 'application/json',
    ...opts.headers,
  };
  if (opts.key) {
    headers['x-backline-key'] = opts.key.KeyId;
    headers['x-backline-signature'] = opts.signature ?? signatureHeader(opts.key.Secret, t, body);
  } else if (opts.signature) headers['x-backline-signature'] = opts.signature;
  const res = await app.inject({
    method: e.method,
    url: DEFAULT_PLATFORM_BASE + e.path,
    headers,
    payload: body,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}
