// The platform feed (issue 15) against one real server process on loopback over the seeded book:
// single signed events (a wager placed, then graded) per second and p99 from a few clients; NDJSON
// batches in wagers per second, placed then graded (their rollups in the same transactions); the
// accept check alone and beside the mixed settle-day load; and the delay from an accepted event to
// the agent's open stream at a fixed rate. Each target goes to the bench's closing table
// (targets.ts). The bench makes an integration key of its own through the keys service (as
// `npm run site-key` does) and places small wagers for active players of the book, grading every
// one it places.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/server/src/db/query.ts';
import { createPlatformKeysService } from '../../apps/server/src/platform/platform-keys-service.ts';
import { feedClient, type Answer, type FeedClient } from './feed-client.ts';
import { measureStreamDelay } from './feed-stream.ts';
import { benchLoad, startServer } from './load.ts';
import { signInAsMaster } from './master-session.ts';
import { measure, ms, summarise, type Figures } from './measure.ts';
import { atLeast, atMost, recordFigure } from './targets.ts';

export interface FeedBenchOptions {
  db: Db;
  databaseUrl: string;
  /** The servers' PLATFORM_SECRET_KEY (hex): the bench's key is sealed with it. */
  platformSecretKey: string;
  /** Seconds for each of the single-event and accept-check figures. */
  seconds: number;
  /**
   * Counts of concurrent senders of single events, each measured in turn: a few show one event's
   * latency; a platform's many at once (each bettor's wager sent as it is taken) show capacity.
   */
  clients: number[];
  batches: number;
  batchSize: number;
  /** No further batch starts once the batches have taken this long. */
  batchSeconds: number;
  streamRate: number;
  streamSeconds: number;
  /** The mixed load the accept check runs beside (load.ts): desks, connections and seconds. */
  deskIds: number[];
  loadConnections: number;
  loadSeconds: number;
  warmupSeconds: number;
  log?: (line: string) => void;
}

/** $1.10 to win $1.00: small enough that a player of the book holds many open at once. */
const RISK = 110;
const TO_WIN = 100;
/** Open wagers a player may hold at once in a batch: its available credit covers them. */
const OPEN_PER_PLAYER = 40;
const GAMES = 12;

export interface BookPlayer {
  login: string;
  agentId: number;
}

export interface Placed {
  EventId: string;
  Type: 'wager.placed';
  OccurredAt: string;
  Data: { Wager: string; Player: string } & Record<string, unknown>;
}

/** Active players whose credit takes OPEN_PER_PLAYER wagers, nothing turned off above them. */
export function bookPlayers(db: Db): Promise<BookPlayer[]> {
  return queryRows<BookPlayer>(
    db,
    sql`select p.login, p.agent_id as "agentId" from players p
        where p.site_id = 1 and p.status = 'active' and p.active
          and cardinality(p.products_off) = 0 and (p.max_wager = 0 or p.max_wager >= ${RISK})
          and p.credit_limit + p.balance - p.at_risk >= ${RISK * OPEN_PER_PLAYER}
          and not exists (select 1 from agent_closure c join agents a on a.id = c.ancestor_id
                where c.descendant_id = p.agent_id
                  and (cardinality(a.products_off) > 0 or a.max_wager_cap < ${RISK}))
        order by p.id`,
  );
}

export function wagerEvents(run: string, games: readonly string[]) {
  let n = 0;
  return {
    place(player: string): Placed {
      const ref = `${run}-w${++n}`;
      return {
        EventId: `${ref}-placed`,
        Type: 'wager.placed',
        OccurredAt: new Date().toISOString(),
        Data: {
          Wager: ref,
          Player: player,
          WagerType: 'straight',
          Risk: RISK,
          ToWin: TO_WIN,
          Legs: [
            { Game: games[n % games.length]!, Market: 'moneyline', Selection: 'Home', Odds: -110 },
          ],
        },
      };
    },
    grade(placed: Placed) {
      return {
        EventId: `${placed.Data.Wager}-graded`,
        Type: 'wager.graded',
        OccurredAt: new Date().toISOString(),
        Data: { Wager: placed.Data.Wager, Result: ++n % 2 ? 'win' : 'loss' },
      };
    },
  };
}

/** A refusal's status and body, for the log: the first one of each figure is worth reading. */
const describe = (a: Answer<unknown>) => `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`;

/** The accept check once per call, each body new (another player, another risk). */
function checker(client: FeedClient, players: readonly BookPlayer[], games: readonly string[]) {
  let i = 0;
  let refused = 0;
  return {
    once: async () => {
      const n = i++;
      const a = await client.check({
        Player: players[n % players.length]!.login,
        WagerType: 'straight',
        Risk: RISK + (n % 4000),
        ToWin: TO_WIN,
        Games: [games[n % games.length]!],
      });
      if (a.status === 200 && !a.body.Accept) refused++;
      return a.status === 200;
    },
    get refused() {
      return refused;
    },
  };
}

/** The bench's games, a day ahead, sent through the feed like any platform's. */
export async function createGames(client: FeedClient, games: readonly string[]): Promise<void> {
  const startsAt = new Date(Date.now() + 86_400_000).toISOString();
  for (const game of games) {
    const a = await client.event({
      EventId: `${game}-created`,
      Type: 'game.created',
      OccurredAt: new Date().toISOString(),
      Data: {
        Game: game,
        Sport: 'NFL',
        League: 'NFL',
        Home: 'Home',
        Away: 'Away',
        StartsAt: startsAt,
      },
    });
    if (a.status !== 200) throw new Error(`game.created: ${describe(a)}`);
  }
}

/** An integration key of site 1 for this run, made as an operator makes one. */
export function benchKey(db: Db, platformSecretKey: string, run: string) {
  const keys = createPlatformKeysService({
    db,
    now: () => new Date(),
    secretKey: Buffer.from(platformSecretKey, 'hex'),
  });
  return keys.createForSite(1, { label: `bench ${run}` });
}

export async function benchFeed(o: FeedBenchOptions) {
  const log = o.log ?? ((line: string) => console.log(line));
  const run = `bench-${Date.now().toString(36)}`;
  const key = await benchKey(o.db, o.platformSecretKey, run);
  const players = await bookPlayers(o.db);
  if (players.length * OPEN_PER_PLAYER < o.batchSize)
    throw new Error(`${players.length} players can take no batch of ${o.batchSize} wagers`);

  const { child, base } = await startServer(o.databaseUrl, {
    platformSecretKey: o.platformSecretKey,
  });
  const client = feedClient(base, { keyId: key.KeyId, secret: key.Secret });
  const games = Array.from({ length: GAMES }, (_, i) => `${run}-g${i + 1}`);
  const events = wagerEvents(run, games);
  const figures: {
    single?: SingleFigures[];
    placedPerSecond?: number;
    gradedPerSecond?: number;
    checkAlone?: Figures;
    checkLoaded?: Figures;
    stream?: Awaited<ReturnType<typeof measureStreamDelay<Placed>>>;
  } = {};
  try {
    await createGames(client, games);
    log(
      `  key ${key.KeyId} for site 1; ${players.length} players of the book; server pool 4; run ${run}`,
    );

    const check = checker(client, players, games);
    figures.checkAlone = await measure(check.once, { seconds: o.seconds, workers: 1, warmup: 20 });
    log(
      `  accept check alone: p50 ${ms(figures.checkAlone.p50)} ms, p99 ${ms(figures.checkAlone.p99)} ms ` +
        `(${figures.checkAlone.count} calls, ${check.refused} refused, ${figures.checkAlone.errors} errors)`,
    );

    figures.single = [];
    for (const clients of o.clients) {
      const single = await singleEvents(o, clients, client, players, events, log);
      figures.single.push(single);
      const { place, grade, all } = single;
      log(
        `  single events, ${clients} clients, ${o.seconds} s: ${all.rps.toFixed(0)} events/s; ` +
          `place p50 ${ms(place.p50)} / p99 ${ms(place.p99)} ms, grade p50 ${ms(grade.p50)} / ` +
          `p99 ${ms(grade.p99)} ms; ${all.errors} errors`,
      );
    }

    let placing = 0;
    let grading = 0;
    let rounds = 0;
    for (let b = 0; b < o.batches && placing + grading < o.batchSeconds; b++, rounds++) {
      const placed = Array.from({ length: o.batchSize }, (_, i) =>
        events.place(players[(b * o.batchSize + i) % players.length]!.login),
      );
      placing += await batch(client, placed, 'placed');
      grading += await batch(
        client,
        placed.map((p) => events.grade(p)),
        'graded',
      );
    }
    const wagers = rounds * o.batchSize;
    figures.placedPerSecond = wagers / placing;
    figures.gradedPerSecond = wagers / grading;
    log(
      `  batches: ${rounds} of ${o.batchSize} wagers placed in ${placing.toFixed(1)} s ` +
        `(${figures.placedPerSecond.toFixed(0)}/s), then graded in ${grading.toFixed(1)} s ` +
        `(${figures.gradedPerSecond.toFixed(0)}/s)` +
        (rounds < o.batches ? `; stopped after ${o.batchSeconds} s of the ${o.batches} asked` : ''),
    );

    figures.stream = await streamDelay(o, base, client, players, events);
    const s = figures.stream;
    log(
      `  stream: ${s.sent} events at ${o.streamRate}/s, ${s.received} received, ${s.failed} failed, ` +
        `${s.late} sent late; delay p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms`,
    );
  } finally {
    await client.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }

  log(`  accept check beside the mixed load (${o.loadConnections} connections):`);
  await benchLoad({
    databaseUrl: o.databaseUrl,
    deskIds: o.deskIds,
    connections: [o.loadConnections],
    seconds: o.loadSeconds,
    warmupSeconds: o.warmupSeconds,
    platformSecretKey: o.platformSecretKey,
    beside: async (loaded, seconds) => {
      const c = feedClient(loaded, { keyId: key.KeyId, secret: key.Secret }, 1);
      try {
        figures.checkLoaded = await measure(checker(c, players, games).once, {
          seconds,
          workers: 1,
          warmup: 0,
        });
      } finally {
        await c.close();
      }
    },
  });
  const l = figures.checkLoaded!;
  log(
    `  accept check under the mixed load: p50 ${ms(l.p50)} ms, p99 ${ms(l.p99)} ms ` +
      `(${l.count} calls, ${l.errors} errors)`,
  );
  recordFeedTargets(o, figures as Required<typeof figures>);
}

interface SingleFigures {
  clients: number;
  place: Figures;
  grade: Figures;
  all: Figures;
}

async function singleEvents(
  o: FeedBenchOptions,
  clients: number,
  client: FeedClient,
  players: readonly BookPlayer[],
  events: ReturnType<typeof wagerEvents>,
  log: (line: string) => void,
) {
  const place: number[] = [];
  const grade: number[] = [];
  let errors = 0;
  let reported = false;
  const refused = (a: Answer<unknown>) => {
    errors++;
    if (!reported) log(`    first refusal: ${describe(a)}`);
    reported = true;
  };
  /** Client `w` places and grades for its own players, so no two clients wait on one player. */
  const loop = async (w: number, until: number, record: boolean) => {
    for (let i = w; performance.now() < until; i += clients) {
      const placed = events.place(players[i % players.length]!.login);
      const a = await client.event(placed);
      if (a.status !== 200) {
        refused(a);
        continue;
      }
      const g = await client.event(events.grade(placed));
      if (g.status !== 200) refused(g);
      if (!record) continue;
      place.push(a.ms);
      if (g.status === 200) grade.push(g.ms);
    }
  };
  const warm = performance.now() + 2000;
  await Promise.all(Array.from({ length: clients }, (_, w) => loop(w, warm, false)));
  errors = 0;
  const started = performance.now();
  const until = started + o.seconds * 1000;
  await Promise.all(Array.from({ length: clients }, (_, w) => loop(w, until, true)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    clients,
    all: summarise([...place, ...grade], errors, elapsed),
    place: summarise(place, 0, elapsed),
    grade: summarise(grade, 0, elapsed),
  };
}

/** Sends one NDJSON batch; answers its seconds, and throws unless every line was applied. */
async function batch(client: FeedClient, lines: readonly object[], what: string) {
  const a = await client.batch(lines);
  if (a.status !== 200 || a.body.Applied !== lines.length) {
    const first = a.status === 200 ? a.body.Lines.find((l) => l.Outcome !== 'applied') : null;
    throw new Error(`batch ${what}: ${a.status}, ${first ? JSON.stringify(first) : describe(a)}`);
  }
  return a.ms / 1000;
}

/** The agent holding most of the bench's players opens its stream; events go to its players. */
async function streamDelay(
  o: FeedBenchOptions,
  base: string,
  client: FeedClient,
  players: readonly BookPlayer[],
  events: ReturnType<typeof wagerEvents>,
) {
  const byAgent = Map.groupBy(players, (p) => p.agentId);
  const [agentId, own] = [...byAgent].sort((a, b) => b[1].length - a[1].length)[0]!;
  let i = 0;
  const result = await measureStreamDelay({
    base,
    session: await signInAsMaster(base),
    agentId,
    client,
    place: () => events.place(own[i++ % own.length]!.login),
    grade: (placed) => events.grade(placed),
    rate: o.streamRate,
    seconds: o.streamSeconds,
  });
  // Wagers still open when the time was up are graded too, so the book keeps no bench risk.
  if (result.ungraded.length > 0)
    await batch(
      client,
      result.ungraded.map((p) => events.grade(p)),
      'graded',
    );
  return result;
}

/** Issue 15's targets, into the bench's closing table (targets.ts); the figures are logged above. */
function recordFeedTargets(
  o: FeedBenchOptions,
  f: {
    single: SingleFigures[];
    placedPerSecond: number;
    gradedPerSecond: number;
    checkAlone: Figures;
    stream: { p99: number };
  },
) {
  // Events a second is a capacity: measured where the most senders keep the server busy. A few
  // senders, each waiting for its answer, send at most `clients` ÷ latency: theirs is a latency,
  // kept as figures (and logged above) beside the capacity.
  for (const single of f.single) {
    const figure = `single events (place, grade), ${single.clients} clients`;
    recordFigure('feed', figure, single.all.rps, 'events/s');
    recordFigure('feed', `${figure}, p99`, single.all.p99, 'ms');
  }
  const busiest = f.single.reduce((a, b) => (b.clients > a.clients ? b : a));
  atLeast(
    'feed',
    `single events (place, grade), ${busiest.clients} clients`,
    busiest.all.rps,
    500,
    'events/s',
  );
  atLeast('feed', 'batch, wagers placed', f.placedPerSecond, 5000, 'wagers/s');
  atLeast('feed', 'batch, wagers graded', f.gradedPerSecond, 5000, 'wagers/s');
  atMost('feed', 'accept check alone, p99', f.checkAlone.p99, 10, 'ms');
  atMost('feed', `event to stream p99 at ${o.streamRate} events/s`, f.stream.p99, 500, 'ms');
}
