// Live figures (DESIGN.md §8): each platform event an agent would watch, once applied, goes to the
// agents above its player over their notification streams, in every server process. Sent after
// the event's transaction committed (a refused or duplicate event never is), through PostgreSQL's
// NOTIFY outside that transaction: a NOTIFY in it would serialize every event's commit.
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATION_FEED_TYPES,
  NotificationFeedEvent,
  type EventEffect,
  type NotificationFeedType,
  type PlatformEvent,
} from '@backline/contract';
import { z } from 'zod';
import type { Db } from '../db/query.ts';
import * as repo from './notifications-repository.ts';

export const FEED_CHANNEL = 'backline_feed';

/** One NOTIFY payload: events of players of site `S`, each with the agents `A` above its player. */
export const FeedNotice = z.array(
  z.object({ S: z.number().int(), A: z.array(z.number().int()), E: NotificationFeedEvent }),
);
export type FeedNotice = z.infer<typeof FeedNotice>;

/** PostgreSQL's limit is 8000 bytes a payload; a bigger flush is several payloads. */
const PAYLOAD_MAX = 7000;
/** Events resolved and notified per statement when a burst has queued many. */
const FLUSH_MAX = 500;

const LIVE = new Set<string>(NOTIFICATION_FEED_TYPES);

/** Whom an event is for, when the code that applied it knows already: no look-up to send it. */
export interface FeedAudience {
  playerId: number;
  login: string;
  agentId: number;
  /** Every agent above the player, its own agent included. */
  agents: number[];
}

interface Applied {
  siteId: number;
  type: NotificationFeedType;
  occurredAt: string;
  wagerId: number | null;
  login: string | null;
  audience: FeedAudience | null;
}

function appliedOf(
  siteId: number,
  event: PlatformEvent,
  effect: EventEffect,
  audience: FeedAudience | null,
): Applied | null {
  if (!LIVE.has(event.Type)) return null;
  const wagerId = typeof effect.IdWager === 'number' ? effect.IdWager : null;
  const data = event.Data as { Player?: string };
  const login = data.Player ?? null;
  if (wagerId === null && login === null) return null;
  return {
    siteId,
    type: event.Type as NotificationFeedType,
    occurredAt: event.OccurredAt,
    wagerId,
    login,
    audience,
  };
}

/** Splits notices into payloads under PostgreSQL's limit. */
export function payloadsOf(notices: FeedNotice): string[] {
  const payloads: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const notice of notices) {
    const text = JSON.stringify(notice);
    if (part.length > 0 && size + text.length + 1 > PAYLOAD_MAX) {
      payloads.push(`[${part.join(',')}]`);
      part = [];
      size = 2;
    }
    part.push(text);
    size += text.length + 1;
  }
  if (part.length > 0) payloads.push(`[${part.join(',')}]`);
  return payloads;
}

/**
 * How long an applied event waits for others to share its NOTIFY: a busy feed commits a chunk
 * every few milliseconds, and a statement each would be a third of its round trips. A screen's
 * refresh hint arrives that much later, well inside the half second issue 15 allows.
 */
const GATHER_MS = 25;

/**
 * Queues applied events and sends them one flush at a time: the events of the next GATHER_MS, and
 * those arriving while one is on its way, go together, so a burst costs a statement per flush
 * rather than per event.
 */
export function createFeedLive(deps: { db: Db; log?: FastifyBaseLogger | undefined }) {
  const queue: Applied[] = [];
  let flushing: Promise<void> | null = null;

  async function send(batch: Applied[]): Promise<void> {
    const unknown = batch.flatMap((a, i) => (a.audience ? [] : [i]));
    const found = await repo.selectFeedPlayers(
      deps.db,
      unknown
        .map((i) => batch[i]!)
        .map((a) => ({ siteId: a.siteId, wagerId: a.wagerId, login: a.login })),
    );
    const audiences: { idx: number; audience: FeedAudience }[] = [
      ...batch.flatMap((a, idx) => (a.audience ? [{ idx, audience: a.audience }] : [])),
      ...found.map((p) => ({
        idx: unknown[p.idx]!,
        audience: { playerId: p.player_id, login: p.login, agentId: p.agent_id, agents: p.agents },
      })),
    ];
    const notices: FeedNotice = audiences
      .sort((x, y) => x.idx - y.idx)
      .map(({ idx, audience }) => {
        const a = batch[idx]!;
        return {
          S: a.siteId,
          A: audience.agents,
          E: {
            Type: a.type,
            Player: audience.login,
            IdPlayer: audience.playerId,
            IdAgent: audience.agentId,
            IdWager: a.wagerId,
            OccurredAt: a.occurredAt,
          },
        };
      });
    if (notices.length > 0) await repo.notifyChannel(deps.db, FEED_CHANNEL, payloadsOf(notices));
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, FLUSH_MAX);
      try {
        await send(batch);
      } catch (err) {
        // The events are applied; only their live hint is lost, and a screen refreshes anyway.
        deps.log?.error({ err, events: batch.length }, 'live feed: notify failed');
      }
    }
  }

  function kick(): void {
    if (flushing) return;
    flushing = new Promise((resolve) => setTimeout(resolve, GATHER_MS)).then(flush).finally(() => {
      flushing = null;
      // Queued between the loop's last look and here.
      if (queue.length > 0) kick();
    });
  }

  return {
    /** An event applied by this call (its transaction committed): tell the agents above. */
    applied(
      siteId: number,
      event: PlatformEvent,
      effect: EventEffect,
      audience: FeedAudience | null = null,
    ): void {
      const applied = appliedOf(siteId, event, effect, audience);
      if (!applied) return;
      queue.push(applied);
      kick();
    },
    /** Resolves when everything queued so far has been sent (tests, and a closing server). */
    async settled(): Promise<void> {
      while (flushing) await flushing;
    },
  };
}

export type FeedLive = ReturnType<typeof createFeedLive>;
