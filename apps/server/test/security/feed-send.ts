// Sends one platform-feed call as a platform would: the raw body signed with a key's secret
// (x-backline-key, x-backline-signature), or with whatever headers a case wants instead.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PLATFORM_BASE, type PlatformEndpoint } from '@backline/contract';
import { signatureHeader } from '../../src/platform/signature.ts';
import type { Answer } from './send.ts';

export interface FeedKey {
  KeyId: string;
  Secret: string;
}

let sends = 0;

export interface FeedSend {
  /** Signed with this key; null sends no key at all. */
  key: FeedKey | null;
  /** The signature header as given, instead of the key's own. */
  signature?: string;
  /** Seconds to sign at; by default "now" less a step, so two sends of one body are no replay. */
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
  const t = opts.t ?? Math.floor(now().getTime() / 1000) - (++sends % 240);
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
