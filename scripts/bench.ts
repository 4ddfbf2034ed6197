// npm run bench -- [--players 100000] [--wager-rate 3.4] [--weeks 12] [--seconds 5] [--workers 4]
//                   [--only web,seed,tables,reports,graded,export,load,feed,live] [--load-seconds 30]
//                   [--warmup-seconds 10] [--figures FILE.json (scripts/growth.ts)]
//                   [--connections 50,200] [--pool 4,6] [--rates 100,200,300] [--rate-step 50]
//                   [--calls 'weekly balance,tree']
//                   [--feed-clients 4,32] [--feed-batches 10] [--feed-batch-size 10000]
//                   [--feed-batch-seconds 600]
//                   [--stream-rate 200] [--stream-seconds 10]
//                   [--live-streams 200] [--live-rate 200] [--live-seconds 10]
//                   [--keep] [--url postgres://... to measure an already seeded database again]
//                   [--strict: exit 1 when a target in the closing table is missed]
//                   [--cold [--pg-data DIR, the data directory of --url's cluster]]
// Seeds a throwaway PostgreSQL with the demo at scale (`--only seed`: that alone, with its time and
// the database's size), serves the real app on loopback, and prints
// - reports: for each report call p50/p99 end to end and requests per second, for a sub-agent
//   (~200 players) and for the master (its own book), beside the SQL the call runs: every
//   statement of the route's own service called in-process, added up (bench/reports-bench.ts);
// - tables: the size of the tables that grow with every wager and of their indexes, and the time
//   of a vacuum that reads every page of each (issue 21 item 6: would partitioning by time pay);
// - graded: graded bets of a desk and of the master, a week and a month: the first page's p50/p99
//   and a csv export's first byte (issue 14);
// - web: what the browser is sent (JS per route and the page, entry and a 2,000-player report as
//   served, compressed) and the time to the log-in form, cold, on localhost and a slow phone link
//   (issue 14 item 9); it needs no database and builds the web app if apps/web/dist is missing;
// - export: a 100,000-row .xlsx export from a server child process: its first and last byte, rows/s
//   and the server's RSS rise, the file read back and checked against the API's rows and totals;
//   with --cold a second run after PostgreSQL restarts (and, as root, the OS page cache is dropped);
// - load: a mixed settle-day workload against one server process, each virtual user its own
//   session: closed-loop at 50 and 200 connections, then open-loop at fixed arrival rates (latency
//   from the intended send time) and the highest rate holding p99 ≤ 250 ms; CPU per request of the
//   server, PostgreSQL and the generator from their own counters; at each --pool size;
// - feed: the platform feed (issue 15) against one server process: single signed events per second
//   and p99, NDJSON batches in wagers per second, the accept check alone and beside the mixed load,
//   and the delay from an accepted event to the agent's open stream, each against its target
//   (--feed-clients 4,32 --feed-batches 10 --feed-batch-size 10000, no batch started after
//   --feed-batch-seconds 600, --stream-rate 200 --stream-seconds 10). It places and grades wagers
//   of its own in the book, so it runs last;
// - live: the live ticker (issue 19): from a signed event to every agent's open ticker at
//   --live-rate events/s with --live-streams tickers open (p99 ≤ 500 ms), and the mixed load at 50
//   connections with 10 % of them holding a ticker (p99 ≤ 250 ms); it places and grades wagers too.
// Every section records its figures against their targets (bench/targets.ts); the bench ends with
// the table of them, met or missed, and with --strict exits 1 when one is missed.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { computePeriod, mondayOf, Period } from '@backline/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { queryRows, type Db } from '../apps/server/src/db/query.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import { dataDirCluster, detach, startPostgres } from './pg.ts';
import { benchLoad, recordLoadTargets } from './bench/load.ts';
import { benchExport } from './bench/export-bench.ts';
import { benchGraded } from './bench/graded-bench.ts';
import { benchFirstForm, printFirstForm, startFirstFormServer } from './bench/first-form.ts';
import { checkBudgets } from './budgets.ts';
import { signInAsMaster } from './bench/master-session.ts';
import { benchFeed } from './bench/feed-bench.ts';
import { benchLive } from './bench/live-bench.ts';
import { benchReports } from './bench/reports-bench.ts';
import {
  atMost,
  printTargets,
  recordedFigures,
  recordFigure,
  type Figure,
} from './bench/targets.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '100000' },
    'wager-rate': { type: 'string', default: '3.4' },
    weeks: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '5' },
    workers: { type: 'string', default: '4' },
    url: { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'web,reports,graded,export,load,feed,live' },
    'load-seconds': { type: 'string', default: '30' },
    'warmup-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50,200' },
    /** Load only these calls of the mix (comma-separated name prefixes, e.g. "weekly balance"). */
    calls: { type: 'string' },
    /** The load section's server DB_POOL_SIZE: the whole load section runs at each. */
    pool: { type: 'string', default: '4' },
    /** Open-loop arrival rates of the load section, requests a second. */
    rates: { type: 'string', default: '100,200,300' },
    /** After the rates, step up by this many requests a second while the p99 holds. */
    'rate-step': { type: 'string' },
    'feed-clients': { type: 'string', default: '4,32' },
    'feed-batches': { type: 'string', default: '10' },
    /** The live section: open tickers, and signed events a second for --live-seconds. */
    'live-streams': { type: 'string', default: '200' },
    'live-rate': { type: 'string', default: '200' },
    'live-seconds': { type: 'string', default: '10' },
    'feed-batch-size': { type: 'string', default: '10000' },
    'feed-batch-seconds': { type: 'string', default: '600' },
    'stream-rate': { type: 'string', default: '200' },
    'stream-seconds': { type: 'string', default: '10' },
    /** Exit 1 when a target of the closing table is missed, so a run can gate a change. */
    strict: { type: 'boolean', default: false },
    /** The export again with cold caches: PostgreSQL restarted, the OS page cache dropped as root. */
    cold: { type: 'boolean', default: false },
    /** With --url and --cold: the cluster's data directory, restarted with pg_ctl as its owner. */
    'pg-data': { type: 'string' },
    /** Writes the run's figures as JSON to this file, for scripts/growth.ts's table. */
    figures: { type: 'string' },
  },
});
/** A flag's comma-separated list of positive whole numbers, or a clear refusal. */
function countsOf(flag: string, text: string): number[] {
  const list = text.split(',').map((s) => Number(s.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(`--${flag} takes positive whole numbers separated by commas; got "${text}"`);
    process.exit(2);
  }
  return list;
}
if (args.cold && args.url && !args['pg-data']) {
  console.error(
    '--cold restarts PostgreSQL: with --url it needs --pg-data DIR, the data directory of that ' +
      "cluster (the postmaster's -D), to restart it with pg_ctl as its owner",
  );
  process.exit(2);
}
/** The players of the book measured: as asked, until the database says (for --figures). */
let bookPlayers = Number(args.players);
/** `seed` alone seeds the book (kept with --keep), records its size and time, and stops. */
const SECTIONS = [
  'web',
  'seed',
  'tables',
  'reports',
  'graded',
  'export',
  'load',
  'feed',
  'live',
] as const;
const only = new Set(args.only.split(',').map((s) => s.trim()));
for (const name of only) {
  if (!(SECTIONS as readonly string[]).includes(name)) {
    console.error(`--only takes ${SECTIONS.join(', ')}; got "${name}"`);
    process.exit(2);
  }
}

if (only.has('web')) {
  const dist = resolve(import.meta.dirname, '../apps/web/dist');
  if (!existsSync(resolve(dist, 'index.html'))) {
    console.log('Building the web app for the web section (npm run build)...');
    execFileSync('npm', ['run', 'build', '-w', '@backline/web'], { stdio: 'inherit' });
  }
  console.log('What the browser is sent (issue 14 item 9):');
  const withinBudgets = await checkBudgets(dist);
  console.log(withinBudgets ? 'Every budget met.' : 'A budget is exceeded (see above).');
  console.log('');
  const server = await startFirstFormServer();
  try {
    const figures = await benchFirstForm(server.origin);
    printFirstForm(figures);
    // Issue 14 item 9: the log-in form visible in at most half the peer's time, in both settings.
    for (const f of figures) {
      if (f.peer === undefined) continue;
      atMost('web', `log-in form visible, cold, ${f.setting}`, f.median, f.peer / 2, 'ms');
    }
  } finally {
    await server.stop();
  }
  if (only.size === 1) finish();
  console.log('');
}

const players = Number(args.players);
const seconds = Number(args.seconds);
const workers = Number(args.workers);
const now = new Date();

const cluster = args.url
  ? null
  : await startPostgres({
      settings: {
        shared_buffers: "'6GB'",
        work_mem: "'64MB'",
        max_connections: '200',
        effective_cache_size: "'16GB'",
      },
    });
const url = args.url ?? cluster!.url;
/** For --cold: restarts the bench's own cluster, or --url's through its data directory. */
const restartPostgres = !args.cold
  ? undefined
  : cluster
    ? () => cluster.restart()
    : (() => {
        try {
          const c = dataDirCluster(args['pg-data']!, Number(new URL(url).port || 5432));
          return () => c.restart();
        } catch (error) {
          console.error(`--cold: ${(error as Error).message}`);
          process.exit(2);
        }
      })();
// Kept from the start, so a section that fails does not take an hour's seeding with it.
if (args.keep && cluster) {
  detach(cluster);
  console.log(`Keeping the cluster: npm run bench -- --url '${cluster.url}'`);
}
const database = await openDatabase({ url, poolSize: 20 });
const db: Db = database.db;

const [{ seeded }] = (await queryRows<{ seeded: boolean }>(
  db,
  sql`select exists (select 1 from sites) as seeded`,
)) as [{ seeded: boolean }];
if (!seeded) {
  const t = performance.now();
  let last = 0;
  const summary = await seedDemo(db, {
    now,
    players,
    weeks: Number(args.weeks),
    wagerRate: Number(args['wager-rate']),
    onProgress: (done, total) => {
      if (done - last >= total / 20 || done === total) {
        last = done;
        console.log(
          `  seeded ${done}/${total} players (${((performance.now() - t) / 1000).toFixed(0)} s)`,
        );
      }
    },
  });
  // The seeder ends with what autovacuum would do after a bulk load (gatherStatistics): statistics
  // for the planner and the visibility map the covering indexes need to answer without the table.
  console.log(`Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s:`, summary.rows);
  recordFigure('seed', 'seeding', (performance.now() - t) / 1000, 's');
}

const [counts] = await queryRows<{ players: number; wagers: number; ledger: number }>(
  db,
  sql`select (select count(*) from players)::int as players, (select count(*) from wagers)::int as wagers,
        (select count(*) from ledger)::int as ledger`,
);
const [size] = await queryRows<{ bytes: number }>(
  db,
  sql`select pg_database_size(current_database())::float8 as bytes`,
);
console.log(
  `Database: ${counts!.players} players, ${counts!.wagers} wagers, ${counts!.ledger} ledger entries, ` +
    `${(size!.bytes / 2 ** 30).toFixed(2)} GiB`,
);
bookPlayers = counts!.players;
recordFigure('database', 'size', size!.bytes / 2 ** 30, 'GiB');
recordFigure('database', 'wagers', counts!.wagers, 'rows');
if ([...only].every((name) => name === 'seed' || name === 'web')) finish();

// The sub-agent whose subtree holds closest to 200 players, and the site's master.
const [sub] = await queryRows<{ id: number; login: string; n: number }>(
  db,
  sql`select a.id, a.login, count(p.id)::int as n from agents a
      join agent_closure c on c.ancestor_id = a.id join players p on p.agent_id = c.descendant_id
      where a.site_id = 1 and a.parent_id is not null group by a.id, a.login
      order by abs(count(p.id) - 200), a.id limit 1`,
);
// The master's own book: the players of its subtree, not the whole database's (site 2's too).
const [master] = await queryRows<{ id: number; n: number }>(
  db,
  sql`select a.id, (select count(*) from agent_closure c join players p on p.agent_id = c.descendant_id
                    where c.ancestor_id = a.id)::int as n
      from agents a where a.login = 'MASTER' and a.site_id = 1`,
);
const deskCaller = { id: sub!.id, label: `${sub!.login} (${sub!.n} players)` };
const masterCaller = { id: master!.id, label: `MASTER (${master!.n} players)` };

// Production refuses to start without its own key (config.ts); the feed section's key is sealed
// with it, and every server the bench starts runs with it.
const platformSecretKey = process.env.PLATFORM_SECRET_KEY ?? randomBytes(32).toString('hex');
const config = loadConfig({
  NODE_ENV: 'production',
  PLATFORM_SECRET_KEY: platformSecretKey,
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  DB_POOL_SIZE: '20',
});
const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const { csrf, header } = await signInAsMaster(address);

const tz = 'America/New_York';
const lastWeek = computePeriod(Period.LastWeek, now, tz);
const thisMonday = mondayOf(computePeriod(Period.Today, now, tz).StartDate);
const [somePlayer] = await queryRows<{ id: number }>(
  db,
  sql`select p.id from players p join agent_closure c on c.descendant_id = p.agent_id
      where c.ancestor_id = ${sub!.id} order by p.id limit 1`,
);

// A watch list as an agent keeps one: one player in 500 of the main site (200 of 100,000, the
// most the screen lists), the same ones every run.
// Only rows that differ are written, and the table is vacuumed after: a book-wide update would
// otherwise clear the visibility map the master's reports read players' indexes by.
const rewatched = await queryRows(
  db,
  sql`update players set watched = (id % 500 = 0)
      where site_id = 1 and watched is distinct from (id % 500 = 0) returning id`,
);
if (rewatched.length > 0) await db.execute(sql`vacuum (analyze) players`);

if (only.has('reports')) {
  await benchReports({
    address,
    databaseUrl: url,
    config,
    appLog: app.log,
    header,
    csrf,
    desk: deskCaller,
    master: masterCaller,
    playerId: somePlayer!.id,
    lastWeek: { startDate: lastWeek.StartDate, endDate: lastWeek.EndDate },
    seconds,
    workers,
  });
}

if (only.has('tables')) {
  // What partitioning by time would change (issue 21 item 6): the size of the tables that grow
  // with every wager and of their indexes, and a vacuum that reads every page of each (as the
  // anti-wraparound vacuum does, once the visibility map cannot spare it).
  console.log('\nThe tables that grow with every wager:');
  for (const table of ['wagers', 'wager_legs', 'ledger', 'player_daily']) {
    const [t] = await queryRows<{ rows: number; heap: number; indexes: number }>(
      db,
      sql`select c.reltuples::float8 as rows, pg_relation_size(c.oid)::float8 as heap,
            pg_indexes_size(c.oid)::float8 as indexes
          from pg_class c where c.relname = ${table} and c.relkind = 'r'`,
    );
    if (!t) continue;
    const started = performance.now();
    await db.execute(sql.raw(`vacuum (disable_page_skipping) ${table}`));
    const vacuumS = (performance.now() - started) / 1000;
    const gib = (bytes: number) => bytes / 2 ** 30;
    console.log(
      `  ${table}: ${Math.round(t.rows).toLocaleString('en-US')} rows, heap ${gib(t.heap).toFixed(2)} GiB, ` +
        `indexes ${gib(t.indexes).toFixed(2)} GiB; a vacuum reading every page ${vacuumS.toFixed(1)} s`,
    );
    recordFigure('tables', `${table}, heap`, gib(t.heap), 'GiB');
    recordFigure('tables', `${table}, indexes`, gib(t.indexes), 'GiB');
    recordFigure('tables', `${table}, vacuum of every page`, vacuumS, 's');
  }
}

if (only.has('graded')) {
  console.log('');
  await benchGraded({
    address,
    header,
    csrf,
    desk: deskCaller,
    master: masterCaller,
    today: computePeriod(Period.Today, now, tz).StartDate,
    mondayOfToday: thisMonday,
    seconds,
  });
}

if (only.has('export')) {
  console.log('');
  try {
    await benchExport({ databaseUrl: url, platformSecretKey, restartPostgres });
  } catch (error) {
    // The section fails loudly; the others still run, and the bench ends non-zero.
    console.error(`\nEXPORT SECTION FAILED: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

await app.close();

// Desks: the agents holding players and no sub-agents, about 200 players each in a large book
// (the agents above them hold a few demo players of their own, and whole branches below).
const desks = await queryRows<{ id: number }>(
  db,
  sql`select a.id from agents a where a.site_id = 1
      and exists (select 1 from players p where p.agent_id = a.id)
      and not exists (select 1 from agents s where s.parent_id = a.id) order by a.id`,
);
const loadSeconds = Number(args['load-seconds']);
const warmupSeconds = Number(args['warmup-seconds']);

if (only.has('load')) {
  console.log(`\nMixed load against one server process (${desks.length} desks to act for):`);
  const load = await benchLoad({
    databaseUrl: url,
    platformSecretKey,
    deskIds: desks.map((d) => d.id),
    connections: countsOf('connections', args.connections),
    seconds: loadSeconds,
    warmupSeconds,
    ...(args.calls ? { calls: args.calls.split(',').map((c) => c.trim()) } : {}),
    poolSizes: countsOf('pool', args.pool),
    rates: countsOf('rates', args.rates),
    ...(args['rate-step'] ? { rateStep: countsOf('rate-step', args['rate-step'])[0]! } : {}),
  });
  recordLoadTargets(load);
}

if (only.has('feed')) {
  console.log('\nPlatform feed against one server process (issue 15):');
  await benchFeed({
    db,
    databaseUrl: url,
    platformSecretKey,
    seconds,
    clients: countsOf('feed-clients', args['feed-clients']),
    batches: Number(args['feed-batches']),
    batchSize: Number(args['feed-batch-size']),
    batchSeconds: Number(args['feed-batch-seconds']),
    streamRate: Number(args['stream-rate']),
    streamSeconds: Number(args['stream-seconds']),
    deskIds: desks.map((d) => d.id),
    // The settle-day load of the load section at its first connection count.
    loadConnections: countsOf('connections', args.connections)[0]!,
    loadSeconds,
    warmupSeconds,
  });
}

if (only.has('live')) {
  console.log('\nLive ticker against one server process (issue 19):');
  await benchLive({
    db,
    databaseUrl: url,
    platformSecretKey,
    streams: countsOf('live-streams', args['live-streams'])[0]!,
    rate: countsOf('live-rate', args['live-rate'])[0]!,
    seconds: countsOf('live-seconds', args['live-seconds'])[0]!,
    deskIds: desks.map((d) => d.id),
    loadConnections: 50,
    loadSeconds,
    warmupSeconds,
  });
}

await database.close();
if (args.keep && cluster) {
  console.log(`\nKept the cluster for another run: npm run bench -- --url '${cluster.url}'`);
  console.log(`(its files are in ${cluster.dir}; stop it with pg_ctl stop -D ${cluster.dir}/data)`);
} else {
  await cluster?.stop();
}

finish();

/** The closing table of every target measured; with --strict, exit 1 when one is missed. */
function finish(): never {
  const missed = printTargets();
  if (args.figures) {
    // A run over a book seeded by an earlier run (--url) keeps that run's other figures.
    const measured = recordedFigures();
    const key = (f: Figure) => `${f.section}: ${f.figure}`;
    const earlier: Figure[] = existsSync(args.figures)
      ? (JSON.parse(readFileSync(args.figures, 'utf8')) as { figures: Figure[] }).figures
      : [];
    const kept = earlier.filter((f) => !measured.some((m) => key(m) === key(f)));
    const book = { players: bookPlayers, figures: [...kept, ...measured] };
    writeFileSync(args.figures, `${JSON.stringify(book, null, 2)}\n`);
    console.log(`Figures written to ${args.figures}`);
  }
  if (args.strict && missed > 0) process.exitCode = 1;
  process.exit();
}
