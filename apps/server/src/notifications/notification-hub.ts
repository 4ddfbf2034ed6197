// Pushes new notifications to the streams open on this process. The database is the source, so a
// notification inserted by any process reaches every stream: one shared poller per process reads
// what is new once a second (one query, whatever the number of streams), and stops when none is open.
// Platform events applied by any process come by LISTEN (feed-live.ts), to the agents above.
import { NOTIFICATION_HEARTBEAT_SECONDS, type Notification } from '@backline/contract';
import * as repo from './notifications-repository.ts';
import { FeedNotice } from './feed-live.ts';
import { createStreamPoller, type StreamHubDeps } from './stream-poller.ts';

export interface StreamSink {
  siteId: number;
  agentId: number;
  sessionId: number;
  send(event: 'notification' | 'count' | 'heartbeat' | 'feed', data: unknown, id?: number): void;
  end(): void;
}

interface Subscriber extends StreamSink {
  lastCount: number | null;
  /** Ids already sent to this stream (catch-up and poll may both find one). */
  sent: Set<number>;
}

interface PollState {
  /** Highest id seen; nothing at or below `startId` is pushed (the client lists those itself). */
  cursor: number;
  startId: number;
  delivered: Map<number, number>;
}

/** How far below the cursor, and how long back, a late-committed insert is still looked for. */
const LATE_IDS = 200;
const LATE_SECONDS = 10;
const DELIVERED_KEEP_MS = 60_000;
const CATCH_UP_LIMIT = 50;
const SENT_KEEP = 500;

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    IdNotification: row.id,
    Title: row.title,
    Body: row.body,
    Scope: row.agent_id === null ? 'site' : row.include_subtree ? 'subtree' : 'agent',
    IdAgent: row.agent_id,
    From: row.sender,
    CreatedAt: new Date(row.created_at).toISOString(),
    SeenAt: row.seen_at === null ? null : new Date(row.seen_at).toISOString(),
  };
}

export function createNotificationHub(deps: StreamHubDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const subscribers = new Set<Subscriber>();
  let polling = false;
  /** Started by the first stream, stopped when none is left. */
  const poller = createStreamPoller<PollState>(deps, {
    begin: async () => {
      const max = await repo.selectMaxId(db);
      return { cursor: max, startId: max, delivered: new Map() };
    },
    heard: feed,
    poll,
    beat,
    pollMs: 1000,
    heartbeatMs: NOTIFICATION_HEARTBEAT_SECONDS * 1000,
  });

  function failed(err: unknown, what: string): void {
    deps.log?.error({ err }, `notification stream: ${what} failed`);
  }

  function deliver(sub: Subscriber, row: repo.NotificationRow): void {
    if (sub.sent.has(row.id)) return;
    sub.sent.add(row.id);
    if (sub.sent.size > SENT_KEEP) sub.sent.delete(sub.sent.values().next().value!);
    sub.send('notification', toNotification(row), row.id);
  }

  async function recount(subs: readonly Subscriber[]): Promise<void> {
    if (subs.length === 0) return;
    const counts = await repo.countUnseen(db, [...new Set(subs.map((s) => s.agentId))]);
    for (const sub of subs) {
      const unseen = counts.get(sub.agentId) ?? 0;
      if (sub.lastCount === unseen || !subscribers.has(sub)) continue;
      sub.lastCount = unseen;
      sub.send('count', { Unseen: unseen });
    }
  }

  async function dispatch(rows: readonly repo.NotificationRow[]): Promise<void> {
    const subs = [...subscribers];
    const ancestors = [
      ...new Set(
        rows.flatMap((r) => (r.include_subtree && r.agent_id !== null ? [r.agent_id] : [])),
      ),
    ];
    const under =
      ancestors.length > 0
        ? await repo.selectUnder(db, ancestors, [...new Set(subs.map((s) => s.agentId))])
        : [];
    const pairs = new Set(under.map((u) => `${u.ancestor_id}:${u.descendant_id}`));
    const reached = new Set<Subscriber>();
    for (const row of rows) {
      for (const sub of subs) {
        const reaches =
          sub.siteId === row.site_id &&
          (row.agent_id === null ||
            row.agent_id === sub.agentId ||
            (row.include_subtree && pairs.has(`${row.agent_id}:${sub.agentId}`)));
        if (reaches && subscribers.has(sub)) {
          deliver(sub, row);
          reached.add(sub);
        }
      }
    }
    await recount([...reached]);
  }

  async function poll(): Promise<void> {
    if (subscribers.size === 0) return stopWhenIdle();
    const s = poller.state;
    if (!s || polling) return;
    polling = true;
    try {
      const rows = await repo.selectRecent(db, {
        floor: Math.max(s.startId, s.cursor - LATE_IDS),
        cursor: s.cursor,
        lateSince: new Date(now().getTime() - LATE_SECONDS * 1000),
        limit: 500,
      });
      const at = Date.now();
      const fresh = rows.filter((r) => !s.delivered.has(r.id));
      for (const r of rows) s.cursor = Math.max(s.cursor, r.id);
      for (const r of fresh) s.delivered.set(r.id, at);
      for (const [id, when] of s.delivered) {
        if (at - when > DELIVERED_KEEP_MS) s.delivered.delete(id);
      }
      if (fresh.length > 0 && poller.state === s) await dispatch(fresh);
    } catch (err) {
      failed(err, 'poll');
    } finally {
      polling = false;
    }
  }

  /** Heartbeat, and what the poll cannot see: sessions that ended, views marked by other processes. */
  async function beat(): Promise<void> {
    const subs = [...subscribers];
    if (subs.length === 0) return;
    const at = now();
    for (const sub of subs) sub.send('heartbeat', { At: at.toISOString() });
    try {
      const sessions = [...new Set(subs.map((s) => s.sessionId))];
      const live = await repo.selectLiveSessions(db, sessions, at);
      for (const sub of subs) if (!live.has(sub.sessionId)) sub.end();
      await recount(subs.filter((s) => live.has(s.sessionId)));
    } catch (err) {
      failed(err, 'heartbeat');
    }
  }

  /** A NOTIFY payload of applied platform events: each to this process's streams above its player. */
  function feed(payload: string): void {
    let notices: FeedNotice;
    try {
      notices = FeedNotice.parse(JSON.parse(payload));
    } catch (err) {
      return failed(err, 'feed notice');
    }
    for (const notice of notices) {
      for (const sub of subscribers) {
        if (sub.siteId === notice.S && notice.A.includes(sub.agentId)) sub.send('feed', notice.E);
      }
    }
  }

  function stopWhenIdle(): void {
    if (subscribers.size === 0) poller.stop();
  }

  /**
   * Adds a stream: it first gets what it missed since `lastEventId` (unseen only) and its unseen
   * count. Returns the function that removes it.
   */
  async function subscribe(sink: StreamSink, lastEventId?: number): Promise<() => void> {
    await poller.start();
    const sub: Subscriber = { ...sink, lastCount: null, sent: new Set() };
    subscribers.add(sub);
    const remove = () => {
      subscribers.delete(sub);
      stopWhenIdle();
    };
    try {
      if (lastEventId !== undefined) {
        const missed = await repo.selectUnseenAfter(db, {
          siteId: sink.siteId,
          agentId: sink.agentId,
          afterId: lastEventId,
          limit: CATCH_UP_LIMIT,
        });
        for (const row of missed) deliver(sub, row);
      }
      await recount([sub]);
    } catch (err) {
      remove();
      throw err;
    }
    return remove;
  }

  return {
    subscribe,
    /** Looks for new notifications now rather than at the next tick (after an insert on this process). */
    wake: () => void poll(),
    /** Re-sends the unseen count to this process's streams of these agents (after marking as viewed). */
    recountAgents: (agentIds: readonly number[]) =>
      recount([...subscribers].filter((s) => agentIds.includes(s.agentId))).catch((err) =>
        failed(err, 'recount'),
      ),
    close(): void {
      for (const sub of [...subscribers]) sub.end();
      subscribers.clear();
      stopWhenIdle();
    },
    get size() {
      return subscribers.size;
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
