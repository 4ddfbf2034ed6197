// Pushes the wager activity of a subtree to the live streams open on this process. The database is
// the source, so activity written by any process reaches every stream: one shared poller per
// process reads what is new every 200 ms (two queries per tick, whatever the number of streams),
// and at once when a committed platform event is heard (feed-live.ts); it looks into the gaps the
// ids read leave, for ids that commit late, writes each stream what a poll brought in one chunk, and stops when no
// stream is open.
import { LIVE_HEARTBEAT_SECONDS, LIVE_RESUME_LIMIT, type LiveItem } from '@backline/contract';
import type { CurrencyService, Converter } from '../currency/currency-service.ts';
import { selectLiveSessions } from '../notifications/notifications-repository.ts';
import { createStreamPoller, type StreamHubDeps } from '../notifications/stream-poller.ts';
import * as repo from './live-repository.ts';

export interface LiveSink {
  siteId: number;
  agentId: number;
  sessionId: number;
  /** Server-sent events, formatted: what a poll has for the stream comes in one write. */
  write(chunk: string): void;
  end(): void;
}

interface Subscriber extends LiveSink {
  /** Ids already sent to this stream (the replay and the poll may both find one). */
  sent: Set<number>;
  /** While the replay runs, what the poll found for this stream waits here, in order. */
  queue: repo.LiveDbRow[] | null;
}

/** How long a gap in the ids read is looked into for a late commit, and how many at most. */
const LATE_MS = 10_000;
const MAX_GAPS = 200;
const BATCH = 2_000;
const SENT_KEEP = 5_000;
const CONVERTER_KEEP_MS = 60_000;
/** After a feed event is heard, the poll waits this long for the rest of its burst. */
const WAKE_MS = 15;

/** The ticker's item of a row, as the view agent `viewAgentId` sees it (its path starts there). */
export function toLiveItem(
  row: repo.LiveDbRow,
  viewAgentId: number,
  riskSite: number | null,
): LiveItem {
  return { ...baseItem(row, riskSite), Path: pathFrom(row, viewAgentId) };
}

function pathFrom(row: repo.LiveDbRow, viewAgentId: number): number[] {
  const at = row.chain.indexOf(viewAgentId);
  return at < 0 ? [row.agent_id] : row.chain.slice(at);
}

function baseItem(row: repo.LiveDbRow, riskSite: number | null): Omit<LiveItem, 'Path'> {
  return {
    Id: row.id,
    Kind: row.kind as LiveItem['Kind'],
    At: new Date(row.at).toISOString(),
    IdWager: row.wager_id,
    Ticket: row.ticket,
    IdPlayer: row.player_id,
    Player: row.player,
    IdAgent: row.agent_id,
    Agent: row.agent,
    WagerType: row.wager_type as LiveItem['WagerType'],
    Sport: row.sport as LiveItem['Sport'],
    Description: row.description,
    Currency: row.currency,
    Risk: row.risk,
    ToWin: row.to_win,
    Amount: row.amount,
    Result: row.result as LiveItem['Result'],
    FreePlay: row.free_play,
    Watched: row.watched,
    Sharp: row.sharp,
    RiskSite: riskSite,
  };
}

/** The risk of a row in its site's currency; null when its currency has no rate. */
export function riskInSite(fx: Converter, row: repo.LiveDbRow): number | null {
  try {
    return fx.convert(row.risk, row.currency);
  } catch {
    return null;
  }
}

/** Ids below the cursor not read yet: a transaction may still commit them. */
interface Gap {
  lo: number;
  hi: number;
  since: number;
}

/**
 * Moves the cursor past the ids read and notes the gaps they leave; an id read inside a gap splits
 * it. Gaps older than LATE_MS are given up (a rollback leaves one for good), the oldest first when
 * there are too many. Answers the ids not read before (all of them: each is read once).
 */
export function track(
  s: { cursor: number; gaps: Gap[] },
  ids: readonly number[],
  at: number,
): number[] {
  const start = s.cursor;
  const fresh: number[] = [];
  let prev = start;
  for (const id of ids) {
    if (id > start) {
      if (id <= prev) continue;
      if (id > prev + 1) s.gaps.push({ lo: prev + 1, hi: id - 1, since: at });
      prev = id;
      fresh.push(id);
      continue;
    }
    const g = s.gaps.findIndex((x) => x.lo <= id && id <= x.hi);
    if (g < 0) continue;
    fresh.push(id);
    const { lo, hi, since } = s.gaps[g]!;
    const parts = [
      ...(lo <= id - 1 ? [{ lo, hi: id - 1, since }] : []),
      ...(id + 1 <= hi ? [{ lo: id + 1, hi, since }] : []),
    ];
    s.gaps.splice(g, 1, ...parts);
  }
  s.cursor = prev;
  s.gaps = s.gaps.filter((g) => at - g.since <= LATE_MS).slice(-MAX_GAPS);
  return fresh;
}

export function createLiveHub(deps: StreamHubDeps & { currency: CurrencyService }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /** Open streams by their view agent. */
  const byAgent = new Map<number, Set<Subscriber>>();
  let size = 0;
  let polling = false;
  /** Asked to look again while a poll ran (woken, or a full batch). */
  let again = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  const converters = new Map<number, { fx: Promise<Converter>; at: number }>();
  /** Started by the first stream, stopped when none is left. */
  const poller = createStreamPoller(deps, {
    begin: async () => ({ cursor: await repo.selectMaxId(db), gaps: [] as Gap[] }),
    heard: woken,
    poll,
    beat,
    pollMs: 200,
    heartbeatMs: LIVE_HEARTBEAT_SECONDS * 1000,
  });

  function failed(err: unknown, what: string): void {
    deps.log?.error({ err }, `live stream: ${what} failed`);
  }

  /** The site's converter into its own currency, kept a minute (rates change rarely). */
  function converterOf(siteId: number): Promise<Converter> {
    const kept = converters.get(siteId);
    if (kept && Date.now() - kept.at < CONVERTER_KEEP_MS) return kept.fx;
    const fx = repo
      .selectSiteCurrency(db, siteId)
      .then((site) => deps.currency.converterOf(siteId, site.currency));
    converters.set(siteId, { fx, at: Date.now() });
    fx.catch(() => converters.delete(siteId));
    return fx;
  }

  /** Each row's item JSON without its path, made once whatever the number of streams. */
  async function encode(rows: readonly repo.LiveDbRow[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const siteId of new Set(rows.map((r) => r.site_id))) {
      const fx = await converterOf(siteId);
      for (const row of rows) {
        if (row.site_id !== siteId) continue;
        out.set(row.id, JSON.stringify(baseItem(row, riskInSite(fx, row))));
      }
    }
    return out;
  }

  /** The item as `agentId` sees it: the row's JSON with its path from that agent down. */
  const withPath = (row: repo.LiveDbRow, base: string, agentId: number) =>
    `${base.slice(0, -1)},"Path":[${pathFrom(row, agentId)}]}`;

  /** The row's event for this stream, or '' when the stream had it already. */
  function once(sub: Subscriber, row: repo.LiveDbRow, data: string): string {
    if (sub.sent.has(row.id)) return '';
    sub.sent.add(row.id);
    if (sub.sent.size > SENT_KEEP) sub.sent.delete(sub.sent.values().next().value!);
    return `id: ${row.id}\nevent: wager\ndata: ${data}\n\n`;
  }

  /** The rows as this stream sees them, none it had: one chunk. */
  async function replay(sub: Subscriber, rows: readonly repo.LiveDbRow[]): Promise<void> {
    const encoded = await encode(rows);
    const chunk = rows
      .map((row) => once(sub, row, withPath(row, encoded.get(row.id)!, sub.agentId)))
      .join('');
    if (chunk) sub.write(chunk);
  }

  function dispatch(rows: readonly repo.LiveDbRow[], encoded: Map<number, string>): void {
    const out = new Map<Subscriber, string[]>();
    for (const row of rows) {
      const base = encoded.get(row.id)!;
      for (const agentId of row.chain) {
        const subs = byAgent.get(agentId);
        if (!subs) continue;
        // One JSON per agent of the chain, whatever the number of its streams.
        const data = withPath(row, base, agentId);
        for (const sub of subs) {
          if (sub.siteId !== row.site_id) continue;
          if (sub.queue) {
            sub.queue.push(row);
            continue;
          }
          const event = once(sub, row, data);
          if (!event) continue;
          const parts = out.get(sub);
          if (parts) parts.push(event);
          else out.set(sub, [event]);
        }
      }
    }
    // One write per stream per poll, however many rows it brought.
    for (const [sub, parts] of out) sub.write(parts.join(''));
  }

  async function poll(): Promise<void> {
    if (size === 0) return stopWhenIdle();
    const s = poller.state;
    if (!s) return;
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    again = false;
    try {
      const ids = await repo.selectRecentIds(db, {
        cursor: s.cursor,
        gaps: s.gaps.map((g) => [g.lo, g.hi] as const),
        limit: BATCH,
      });
      const fresh = track(s, ids, Date.now());
      if (fresh.length > 0 && poller.state === s) {
        const rows = await repo.selectByIds(db, fresh);
        dispatch(rows, await encode(rows));
      }
      // A full batch: more is waiting, read it now rather than at the next tick.
      if (ids.length === BATCH) again = true;
    } catch (err) {
      failed(err, 'poll');
    } finally {
      polling = false;
    }
    if (again) setImmediate(() => void poll());
  }

  /** A committed feed event (feed-live.ts): look a moment later, once for a burst of them. */
  function woken(): void {
    if (wakeTimer !== undefined) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void poll();
    }, WAKE_MS);
  }

  function all(): Subscriber[] {
    return [...byAgent.values()].flatMap((subs) => [...subs]);
  }

  /** Heartbeat, and what the poll cannot see: sessions that ended. */
  async function beat(): Promise<void> {
    const subs = all();
    if (subs.length === 0) return;
    const at = now();
    const chunk = `event: heartbeat\ndata: ${JSON.stringify({ At: at.toISOString() })}\n\n`;
    for (const sub of subs) sub.write(chunk);
    try {
      const live = await selectLiveSessions(db, [...new Set(subs.map((s) => s.sessionId))], at);
      for (const sub of subs) if (!live.has(sub.sessionId)) sub.end();
    } catch (err) {
      failed(err, 'heartbeat');
    }
  }

  function stopWhenIdle(): void {
    if (size > 0) return;
    poller.stop();
    clearTimeout(wakeTimer);
    wakeTimer = undefined;
  }

  function add(sub: Subscriber): void {
    let subs = byAgent.get(sub.agentId);
    if (!subs) byAgent.set(sub.agentId, (subs = new Set()));
    subs.add(sub);
    size += 1;
  }

  function remove(sub: Subscriber): void {
    const subs = byAgent.get(sub.agentId);
    if (!subs?.delete(sub)) return;
    if (subs.size === 0) byAgent.delete(sub.agentId);
    size -= 1;
    stopWhenIdle();
  }

  /**
   * Adds a stream. With `lastEventId` it first gets every activity of its subtree after that id
   * (at most LIVE_RESUME_LIMIT; beyond that a `reset` event tells it to read GetLive again), then
   * what is new. Returns the function that removes it.
   */
  async function subscribe(sink: LiveSink, lastEventId?: number): Promise<() => void> {
    await poller.start();
    const sub: Subscriber = {
      ...sink,
      sent: new Set(),
      queue: lastEventId === undefined ? null : [],
    };
    add(sub);
    const off = () => remove(sub);
    if (lastEventId === undefined) return off;
    try {
      const missed = await repo.selectAfter(db, {
        siteId: sink.siteId,
        agentId: sink.agentId,
        afterId: lastEventId,
        limit: LIVE_RESUME_LIMIT + 1,
      });
      if (missed.length > LIVE_RESUME_LIMIT) {
        sub.write(`event: reset\ndata: ${JSON.stringify({ After: lastEventId })}\n\n`);
      } else {
        await replay(sub, missed);
      }
      // What the poll found meanwhile, after the replay: ids in order, none twice.
      while (sub.queue && sub.queue.length > 0) {
        await replay(sub, sub.queue.splice(0));
      }
      sub.queue = null;
    } catch (err) {
      off();
      throw err;
    }
    return off;
  }

  return {
    subscribe,
    /** Looks for new activity now rather than at the next tick. */
    wake: () => void poll(),
    close(): void {
      for (const sub of all()) sub.end();
      byAgent.clear();
      size = 0;
      stopWhenIdle();
    },
    get size() {
      return size;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
