// The one poller per process behind a hub's streams (the notification hub and the live ticker's):
// the first stream starts it, it polls and beats on timers and hears committed feed events, and it
// stops when the last stream goes, so an idle process neither polls nor listens.
import type { Channels } from '../db/notify-channel.ts';
import type { Db } from '../db/query.ts';
import type { Log } from '../log.ts';
import { FEED_CHANNEL } from './feed-live.ts';

/** What a hub of streams is made from; tests set its timings shorter. */
export interface StreamHubDeps {
  db: Db;
  /** Where committed platform events are heard (feed-live.ts). */
  channels: Channels;
  log?: Log | undefined;
  now?: () => Date;
  pollMs?: number;
  heartbeatMs?: number;
}

export function createStreamPoller<S>(
  deps: StreamHubDeps,
  hub: {
    /** What a poll starts from: read when the poller starts, while it begins to listen. */
    begin: () => Promise<S>;
    /** A NOTIFY payload on the feed channel. */
    heard: (payload: string) => void;
    poll: () => Promise<void>;
    beat: () => Promise<void>;
    /** The hub's timings, where `deps` sets none. */
    pollMs: number;
    heartbeatMs: number;
  },
) {
  let state: S | null = null;
  let starting: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  let unlistenFeed: (() => void) | null = null;

  async function start(): Promise<void> {
    if (state) return;
    starting ??= Promise.all([hub.begin(), deps.channels.listen(FEED_CHANNEL, hub.heard)])
      .then(([first, unlisten]) => {
        unlistenFeed = unlisten;
        state = first;
        timers = [
          setInterval(() => void hub.poll(), deps.pollMs ?? hub.pollMs).unref(),
          setInterval(() => void hub.beat(), deps.heartbeatMs ?? hub.heartbeatMs).unref(),
        ];
      })
      .finally(() => {
        starting = null;
      });
    await starting;
  }

  function stop(): void {
    for (const t of timers) clearInterval(t);
    timers = [];
    state = null;
    unlistenFeed?.();
    unlistenFeed = null;
  }

  return {
    start,
    stop,
    /** Where polling stands; null while stopped (a poll that finds it changed drops its rows). */
    get state(): S | null {
      return state;
    },
  };
}
