// The simulated platform's side of the wire: HTTP to the feed, each body signed with the key's
// secret as any platform signs it. It never touches the database; it knows only the answers.
import {
  DEFAULT_PLATFORM_BASE,
  platformApi,
  type EventAnswer,
  type PlatformEndpoint,
  type WagerCheckAnswer,
} from '@backline/contract';
import { KEY_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../platform/signature.ts';

export interface FeedClientOptions {
  /** The server, e.g. http://localhost:8080 */
  url: string;
  keyId: string;
  secret: string;
  base?: string;
  /** The platform's clock: what it signs at and stamps its events with. */
  now: () => Date;
}

/** A refusal by status and code, as the error body carries it. */
export class FeedRefusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(`${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

export function createFeedClient(o: FeedClientOptions) {
  const base = new URL(o.base ?? DEFAULT_PLATFORM_BASE, o.url);
  /** Bodies signed this second: the same bytes at the same second again would be a replay. */
  let second = 0;
  let signed = new Set<string>();

  async function post<T>(e: PlatformEndpoint, body: string): Promise<T> {
    const t = Math.floor(o.now().getTime() / 1000);
    if (t !== second) {
      second = t;
      signed = new Set();
    }
    if (signed.has(body)) throw new FeedRefusal(0, 'not_sent', 'the same body this second');
    signed.add(body);
    // Concatenated: `wagers:check` alone would read as a URL scheme.
    const res = await fetch(`${base.href}${e.path}`, {
      method: 'POST',
      headers: {
        'content-type': e.contentType ?? 'application/json',
        [KEY_ID_HEADER]: o.keyId,
        [SIGNATURE_HEADER]: signatureHeader(o.secret, t, body),
      },
      body,
    });
    const answer = (await res.json().catch(() => null)) as
      (T & { Code?: string; Message?: string }) | null;
    if (res.status !== 200)
      throw new FeedRefusal(
        res.status,
        answer?.Code ?? 'no_code',
        answer?.Message ?? res.statusText,
      );
    return answer as T;
  }

  return {
    send: (event: object) => post<EventAnswer>(platformApi.sendEvent, JSON.stringify(event)),
    check: (wager: object) => post<WagerCheckAnswer>(platformApi.checkWager, JSON.stringify(wager)),
  };
}

export type FeedClient = ReturnType<typeof createFeedClient>;
