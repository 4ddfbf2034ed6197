// What the live-stream tests share: platform events sent with keys of sites 1 and 2, and a second
// app on the same database standing for another server process, which hears of the events only
// through the database.
import { expect } from 'vitest';
import { platformApi } from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { testClock, type TestContext } from './helpers.ts';
import { createFeedKey, sendFeed, type FeedKey } from './security/feed-send.ts';

/** Events dated by the test clock, named `<prefix>-<Type>-<n>` unless given an id, and their sending. */
export function liveFeed(ctx: TestContext, prefix: string) {
  let seq = 0;
  const event = (Type: string, Data: object, EventId = `${prefix}-${Type}-${++seq}`) => ({
    EventId,
    Type,
    OccurredAt: testClock().toISOString(),
    Data,
  });
  /** Sends one event with `key`; the answer must have `status`. */
  const sent = async (key: FeedKey, e: object, status = 200) => {
    const res = await sendFeed(ctx.app, platformApi.sendEvent, JSON.stringify(e), testClock, {
      key,
    });
    expect(res.status, res.body).toBe(status);
    return JSON.parse(res.body) as { Outcome: string; Effect: Record<string, unknown> };
  };
  return { event, sent };
}

export type OtherProcess = Awaited<ReturnType<typeof startOtherProcess>>;

/**
 * Keys of sites 1 and 2 (labelled `<label> 1` and `<label> 2`) and the other process, listening at
 * `base`; `close()` ends the streams opened on it and the process.
 */
export async function startOtherProcess(ctx: TestContext, label: string) {
  const site1 = await createFeedKey(ctx, 1, `${label} 1`);
  const site2 = await createFeedKey(ctx, 2, `${label} 2`);
  const other = await buildApp({ config: ctx.config, database: ctx.database, now: testClock });
  const base = await other.listen({ port: 0, host: '127.0.0.1' });
  const aborts: AbortController[] = [];
  return {
    site1,
    site2,
    base,
    /** A stream of the other process at `url`, and the way to end it before close(). */
    async open(url: string, headers: Record<string, string> = {}) {
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`${base}${url}`, { signal: abort.signal, headers });
      return { res, abort: () => abort.abort() };
    },
    async close() {
      for (const a of aborts) a.abort();
      await other.close();
    },
  };
}
