// The live ticker (issue 19) against one real server process on loopback over the seeded book:
// (a) the delay from a signed feed event to its arrival on every agent's open ticker, 200 events a
// second with 200 streams open, half the master's (each gets every event) and half the players' own
// agents' (each gets its players'); (b) the mixed settle-day load with 10 % of its connections
// holding a ticker open while wagers arrive, its p99 against the load's target. Each goes to the
// bench's closing table (targets.ts). Every wager the bench places it grades.
import { sql } from 'drizzle-orm';
import { api, DEFAULT_BASES } from '@backline/contract';
import { queryRows, type Db } from '../../apps/server/src/db/query.ts';
import { feedClient, type FeedClient } from './feed-client.ts';
import {
  benchKey,
  bookPlayers,
  createGames,
  wagerEvents,
  type BookPlayer,
  type Placed,
} from './feed-bench.ts';
import { benchLoad, P99_TARGET_MS, startServer } from './load.ts';
import { signInAsMaster, type Session } from './master-session.ts';
import { ms, percentile } from './measure.ts';
import { atMost } from './targets.ts';

export interface LiveBenchOptions {
  db: Db;
  databaseUrl: string;
  /** The servers' PLATFORM_SECRET_KEY (hex): the bench's key is sealed with it. */
  platformSecretKey: string;
  /** Open ticker streams while events arrive. */
  streams: number;
  /** Signed feed events a second, and for how long. */
  rate: number;
  seconds: number;
  /** The mixed load (load.ts): desks, connections and seconds; 10 % of connections hold a ticker. */
  deskIds: number[];
  loadConnections: number;
  loadSeconds: number;
  warmupSeconds: number;
  log?: (line: string) => void;
}

export const LIVE_P99_TARGET_MS = 500;
/** Tickers whose every wager's arrival is timed: half the master's, half the agents'. */
const MEASURED = 20;
const WARMUP_SECONDS = 2;
/** Tickets one session may take a minute (live-service.ts); more streams take more sessions. */
const TICKETS_PER_SESSION = 25;
const GAMES = 12;

interface Ticker {
  agentId: number;
  /** `${Kind}:${IdWager}` → when it arrived (performance.now()). */
  arrived: Map<string, number>;
  abort: AbortController;
  measured: boolean;
}

/**
 * Opens one ticker for `agentId` as the web does (a ticket, then text/event-stream). A measured one
 * notes when each wager arrives; the others are read and dropped, so the generator, sharing the
 * machine with the server, spends its time on the sample rather than on every copy.
 */
async function openTicker(
  base: string,
  session: Session,
  agentId: number,
  measured = true,
): Promise<Ticker> {
  const res = await fetch(`${base}${DEFAULT_BASES.reports}${api.liveStreamTicket.path}`, {
    method: 'POST',
    headers: {
      authorization: session.header(agentId),
      'content-type': 'application/json',
      'x-csrf-token': session.csrf,
      cookie: `bl_csrf=${session.csrf}`,
    },
    body: '{}',
  });
  if (!res.ok) throw new Error(`live ticket: ${res.status} ${await res.text()}`);
  const { Ticket } = (await res.json()) as { Ticket: string };
  const abort = new AbortController();
  const qs = new URLSearchParams({ ticket: Ticket });
  const stream = await fetch(`${base}${DEFAULT_BASES.reports}${api.liveStream.path}?${qs}`, {
    headers: { accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!stream.ok || !stream.body) throw new Error(`live stream: ${stream.status}`);
  const ticker: Ticker = { agentId, arrived: new Map(), abort, measured };
  void (async () => {
    if (!measured) {
      try {
        for await (const chunk of stream.body!) void chunk;
      } catch {
        // Aborted at the end of the run.
      }
      return;
    }
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of stream.body!) {
        const at = performance.now();
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (!block.includes('event: wager')) continue;
          // Two fields of the item, read without parsing all of it: the generator shares the
          // machine with the server, and 200 streams bring thousands of items a second.
          const kind = /"Kind":"(\w+)"/.exec(block)?.[1];
          const wager = /"IdWager":(\d+)/.exec(block)?.[1];
          if (kind && wager) ticker.arrived.set(`${kind}:${wager}`, at);
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return ticker;
}

/**
 * Sends `rate` events a second for `seconds` (a wager placed, then graded, of the players given,
 * whatever the answers); answers each accepted event's send time by `${kind}:${IdWager}` and its
 * player, and the wagers still open at the end.
 */
async function sendAtRate(
  client: FeedClient,
  events: ReturnType<typeof wagerEvents>,
  players: readonly BookPlayer[],
  rate: number,
  seconds: number,
) {
  const sent = new Map<string, { at: number; agentId: number }>();
  const toGrade: { event: Placed; wagerId: number; agentId: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  let late = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const turn = started + (i * 1000) / rate;
    const wait = turn - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -100) late++;
    const graded = toGrade.shift();
    const player = players[i % players.length]!;
    const placed = graded ? null : events.place(player.login);
    const event = graded ? events.grade(graded.event) : placed!;
    const at = performance.now();
    const p = client
      .event(event)
      .then(({ status, body }) => {
        if (status !== 200) return void failed++;
        const wagerId = Number(body.Effect.IdWager);
        if (graded) sent.set(`graded:${wagerId}`, { at, agentId: graded.agentId });
        else {
          sent.set(`placed:${wagerId}`, { at, agentId: player.agentId });
          toGrade.push({ event: placed!, wagerId, agentId: player.agentId });
        }
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  while (inFlight.size > 0) await Promise.all(inFlight);
  return { total, sent, failed, late, ungraded: toGrade.map((g) => g.event) };
}

export async function benchLive(o: LiveBenchOptions) {
  const log = o.log ?? ((line: string) => console.log(line));
  const run = `live-${Date.now().toString(36)}`;
  const key = await benchKey(o.db, o.platformSecretKey, run);
  const [root] = await queryRows<{ id: number }>(
    o.db,
    sql`select id from agents where site_id = 1 and parent_id is null order by id limit 1`,
  );
  // The players of the agents holding most of the book's players: one ticker for each agent.
  const byAgent = [...Map.groupBy(await bookPlayers(o.db), (p) => p.agentId)].sort(
    (a, b) => b[1].length - a[1].length,
  );
  const agents = byAgent.slice(0, Math.max(1, Math.floor(o.streams / 2)));
  const players = agents.flatMap(([, own]) => own.slice(0, 40));
  // Interleaved, so consecutive events go to different agents' players.
  players.sort((a, b) => (a.login < b.login ? -1 : 1));

  const { child, base } = await startServer(o.databaseUrl, {
    platformSecretKey: o.platformSecretKey,
  });
  const client = feedClient(base, { keyId: key.KeyId, secret: key.Secret });
  const games = Array.from({ length: GAMES }, (_, i) => `${run}-g${i + 1}`);
  const events = wagerEvents(run, games);
  let delays: number[] = [];
  let expected = 0;
  let received = 0;
  const counts = { total: 0, failed: 0, late: 0 };
  const tickers: Ticker[] = [];
  try {
    await createGames(client, games);
    const sessions: Session[] = [];
    for (let i = 0; i < Math.ceil(o.streams / TICKETS_PER_SESSION); i++)
      sessions.push(await signInAsMaster(base));
    for (let i = 0; i < o.streams; i++) {
      const agentId = i % 2 === 0 ? root!.id : agents[Math.floor(i / 2) % agents.length]![0];
      const session = sessions[Math.floor(i / TICKETS_PER_SESSION)]!;
      tickers.push(await openTicker(base, session, agentId, i < MEASURED));
    }
    // Subscribed: the streams' first poll has run.
    await new Promise((r) => setTimeout(r, 1000));
    log(
      `  ${o.streams} tickers open (${Math.ceil(o.streams / 2)} of the master, the rest of ` +
        `${agents.length} agents), ${Math.min(MEASURED, o.streams)} of them timed, ` +
        `${players.length} players; ${o.rate} events/s for ${o.seconds} s after ${WARMUP_SECONDS} s of warm-up`,
    );
    // Two seconds unmeasured first: the server's JIT, pool and plans warm up as on any busy day.
    const warm = await sendAtRate(client, events, players, o.rate, WARMUP_SECONDS);
    if (warm.ungraded.length > 0) await client.batch(warm.ungraded.map((p) => events.grade(p)));
    await new Promise((res) => setTimeout(res, 1000));
    for (const t of tickers) t.arrived.clear();
    const r = await sendAtRate(client, events, players, o.rate, o.seconds);
    Object.assign(counts, { total: r.total, failed: r.failed, late: r.late });
    // Every ticker above the event's player should have it: wait for them, a few seconds at most.
    const receivers = (agentId: number) =>
      tickers.filter((t) => t.measured && (t.agentId === root!.id || t.agentId === agentId));
    const until = performance.now() + 5000;
    const missing = () =>
      [...r.sent].some(([k, s]) => receivers(s.agentId).some((t) => !t.arrived.has(k)));
    while (performance.now() < until && missing()) await new Promise((res) => setTimeout(res, 50));
    for (const [k, s] of r.sent) {
      for (const t of receivers(s.agentId)) {
        expected++;
        const at = t.arrived.get(k);
        if (at !== undefined) received++;
        // One that never arrived counts as late beyond any target: it cannot flatter the p99.
        delays.push(at === undefined ? Number.POSITIVE_INFINITY : at - s.at);
      }
    }
    delays = delays.sort((a, b) => a - b);
    if (r.ungraded.length > 0) {
      const a = await client.batch(r.ungraded.map((p) => events.grade(p)));
      if (a.status !== 200) log(`  grading the open wagers left: ${a.status}`);
    }
  } finally {
    for (const t of tickers) t.abort.abort();
    await client.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  log(
    `  event to ticker: ${counts.total} events sent, ${counts.failed} failed, ` +
      `${counts.late} sent ` +
      `late; ${received} of ${expected} deliveries; delay p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, ` +
      `max ${ms(delays.findLast((d) => Number.isFinite(d)) ?? Number.NaN)} ms`,
  );
  atMost(
    'live',
    `event to ticker p99, ${o.rate} events/s, ${o.streams} streams`,
    p99,
    LIVE_P99_TARGET_MS,
    'ms',
  );

  // (b) The settle-day load alone first, on this machine as it is now, for comparison; then with a
  // tenth of its connections holding a ticker open, wagers
  // arriving meanwhile (20 a second) so the tickers have something to carry.
  log(`  mixed load, ${o.loadConnections} connections, no ticker open (for comparison):`);
  const alone = await benchLoad({
    databaseUrl: o.databaseUrl,
    deskIds: o.deskIds,
    connections: [o.loadConnections],
    seconds: o.loadSeconds,
    warmupSeconds: o.warmupSeconds,
    platformSecretKey: o.platformSecretKey,
  });
  const aloneP99 = alone.closed.find((c) => c.connections === o.loadConnections)!.p99;
  const holders = Math.max(1, Math.round(o.loadConnections / 10));
  log(`  mixed load, ${o.loadConnections} connections, ${holders} of them holding a ticker:`);
  const load = await benchLoad({
    databaseUrl: o.databaseUrl,
    deskIds: o.deskIds,
    connections: [o.loadConnections],
    seconds: o.loadSeconds,
    warmupSeconds: o.warmupSeconds,
    platformSecretKey: o.platformSecretKey,
    beside: async (loaded, seconds) => {
      const session = await signInAsMaster(loaded);
      const open: Ticker[] = [];
      const c = feedClient(loaded, { keyId: key.KeyId, secret: key.Secret }, 1);
      try {
        for (let i = 0; i < holders; i++) {
          const agentId = i === 0 ? root!.id : agents[(i - 1) % agents.length]![0];
          open.push(await openTicker(loaded, session, agentId));
        }
        const r = await sendAtRate(c, events, players, 20, Math.max(1, seconds - 2));
        if (r.ungraded.length > 0) await c.batch(r.ungraded.map((p) => events.grade(p)));
        const got = open[0]!.arrived.size;
        log(`    the master's ticker got ${got} of ${r.sent.size} events beside the load`);
      } finally {
        for (const t of open) t.abort.abort();
        await c.close();
      }
    },
  });
  const closed = load.closed.find((c) => c.connections === o.loadConnections)!;
  atMost(
    'live',
    `mixed load p99, ${o.loadConnections} connections, ${holders} holding a ticker`,
    closed.p99,
    P99_TARGET_MS,
    'ms',
  );
  log(
    `  mixed load p99 at ${o.loadConnections} connections: ${ms(closed.p99)} ms with ${holders} ` +
      `tickers open, ${ms(aloneP99)} ms without`,
  );
  return { p50, p99, loadP99: closed.p99, aloneP99 };
}
