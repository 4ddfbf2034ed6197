// The bench's platform: a signed client of the feed (DESIGN.md §8), as a sportsbook would be, on a
// keep-alive pool over loopback. Every body it signs is new (an event id, a counter), so no request
// is refused as a replay of another signed in the same second.
import { Pool } from 'undici';
import {
  DEFAULT_PLATFORM_BASE,
  platformApi,
  type BatchAnswer,
  type EventAnswer,
  type PlatformEndpoint,
  type WagerCheckAnswer,
} from '@backline/contract';
import {
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeader,
} from '../../apps/server/src/platform/signature.ts';

export interface FeedKey {
  keyId: string;
  secret: string;
}

/** One call's answer: its status and parsed body, and how long it took end to end. */
export interface Answer<T> {
  status: number;
  body: T;
  ms: number;
}

export interface FeedClient {
  event: (event: object) => Promise<Answer<EventAnswer>>;
  batch: (events: readonly object[]) => Promise<Answer<BatchAnswer>>;
  check: (check: object) => Promise<Answer<WagerCheckAnswer>>;
  close: () => Promise<void>;
}

export function feedClient(base: string, key: FeedKey, connections = 64): FeedClient {
  const pool = new Pool(base, { connections, pipelining: 1 });
  async function post<T>(e: PlatformEndpoint, body: string): Promise<Answer<T>> {
    const started = performance.now();
    const res = await pool.request({
      path: DEFAULT_PLATFORM_BASE + e.path,
      method: 'POST',
      headers: {
        'content-type': e.contentType ?? 'application/json',
        [KEY_ID_HEADER]: key.keyId,
        [SIGNATURE_HEADER]: signatureHeader(key.secret, Math.floor(Date.now() / 1000), body),
      },
      body,
      // A batch of 10,000 events takes seconds; nothing else should.
      headersTimeout: 600_000,
      bodyTimeout: 600_000,
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: JSON.parse(text) as T, ms: performance.now() - started };
  }
  return {
    event: (event) => post(platformApi.sendEvent, JSON.stringify(event)),
    batch: (events) =>
      post(platformApi.sendEventBatch, events.map((e) => JSON.stringify(e)).join('\n')),
    check: (check) => post(platformApi.checkWager, JSON.stringify(check)),
    close: () => pool.close(),
  };
}
