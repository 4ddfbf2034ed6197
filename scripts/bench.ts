// npm run bench -- [--players 100000] [--wager-rate 3.4] [--weeks 12] [--seconds 5] [--workers 4]
//                   [--only web,reports,graded,export,load,feed] [--load-seconds 30] [--warmup-seconds 10]
//                   [--connections 50,200]
//                   [--calls 'weekly balance,tree']
//                   [--feed-clients 4,32] [--feed-batches 10] [--feed-batch-size 10000]
//                   [--feed-batch-seconds 600]
//                   [--stream-rate 200] [--stream-seconds 10]
//                   [--keep] [--url postgres://... to measure an already seeded database again]
// Seeds a throwaway PostgreSQL with the demo at scale, serves the real app on loopback, and prints
// - reports: for each report call p50/p99 end to end and requests per second, for a sub-agent
//   (~200 players) and for the master, beside the time of the report's own SQL run straight on
//   the database;
// - graded: graded bets of a desk and of the master, a week and a month: the first page's p50/p99
//   and a csv export's first byte (issue 14);
// - web: what the browser is sent (JS per route and the page, entry and a 2,000-player report as
//   served, compressed) and the time to the log-in form, cold, on localhost and a slow phone link
//   (issue 14 item 9); it needs no database and builds the web app if apps/web/dist is missing;
// - export: a 100,000-row .xlsx export, its time and the server's memory rise;
// - load: a mixed settle-day workload against one server process at 50 and 200 connections;
// - feed: the platform feed (issue 15) against one server process: single signed events per second
//   and p99, NDJSON batches in wagers per second, the accept check alone and beside the mixed load,
//   and the delay from an accepted event to the agent's open stream, each beside its target
//   (--feed-clients 4,32 --feed-batches 10 --feed-batch-size 10000, no batch started after
//   --feed-batch-seconds 600, --stream-rate 200 --stream-seconds 10). It places and grades wagers
//   of its own in the book, so it runs last.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  addDays,
  api,
  computePeriod,
  daysBetween,
  DEFAULT_BASES,
  mondayOf,
  Period,
  WATCH_LAST_WAGERS,
  WATCH_LIST_MAX,
  type Endpoint,
} from '@backline/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { queryRows, type Db } from '../apps/server/src/db/query.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import {
  selectWeeklyBalance,
  selectWeekPage,
} from '../apps/server/src/reports/weekly-balance/weekly-balance-repository.ts';
import { selectStanding } from '../apps/server/src/reports/player-standing/player-standing-repository.ts';
import {
  countPlayers,
  selectPlayersPage,
} from '../apps/server/src/reports/players/players-repository.ts';
import * as watchList from '../apps/server/src/reports/players/watch-list-repository.ts';
import { selectHistory } from '../apps/server/src/reports/player-history/player-history-repository.ts';
import { selectAgentPayments } from '../apps/server/src/reports/agent-payments/agent-payments-repository.ts';
import { selectPlayerPayments } from '../apps/server/src/reports/player-payment/player-payment-repository.ts';
import { selectCashFlow } from '../apps/server/src/reports/cash-flow/cash-flow-repository.ts';
import { selectSiteCurrencies } from '../apps/server/src/currency/currency-repository.ts';
import * as wagers from '../apps/server/src/reports/wagers/wagers-repository.ts';
import { detach, startPostgres } from './pg.ts';
import { measure, ms, type Figures } from './bench/measure.ts';
import { benchLoad } from './bench/load.ts';
import { benchExport } from './bench/export-bench.ts';
import { benchGraded } from './bench/graded-bench.ts';
import { benchFirstForm, printFirstForm, startFirstFormServer } from './bench/first-form.ts';
import { checkBudgets } from './budgets.ts';
import { signInAsMaster } from './bench/master-session.ts';
import { benchFeed } from './bench/feed-bench.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '100000' },
    'wager-rate': { type: 'string', default: '3.4' },
    weeks: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '5' },
    workers: { type: 'string', default: '4' },
    url: { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'web,reports,graded,export,load,feed' },
    'load-seconds': { type: 'string', default: '30' },
    'warmup-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50,200' },
    /** Load only these calls of the mix (comma-separated name prefixes, e.g. "weekly balance"). */
    calls: { type: 'string' },
    'feed-clients': { type: 'string', default: '4,32' },
    'feed-batches': { type: 'string', default: '10' },
    'feed-batch-size': { type: 'string', default: '10000' },
    'feed-batch-seconds': { type: 'string', default: '600' },
    'stream-rate': { type: 'string', default: '200' },
    'stream-seconds': { type: 'string', default: '10' },
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
const SECTIONS = ['web', 'reports', 'graded', 'export', 'load', 'feed'] as const;
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
    printFirstForm(await benchFirstForm(server.origin));
  } finally {
    await server.stop();
  }
  if (only.size === 1) process.exit(0);
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
}

const [counts] = await queryRows<{ players: number; wagers: number; ledger: number }>(
  db,
  sql`select (select count(*) from players)::int as players, (select count(*) from wagers)::int as wagers,
        (select count(*) from ledger)::int as ledger`,
);
console.log(
  `Database: ${counts!.players} players, ${counts!.wagers} wagers, ${counts!.ledger} ledger entries`,
);

// The sub-agent whose subtree holds closest to 200 players, and the site's master.
const [sub] = await queryRows<{ id: number; login: string; n: number }>(
  db,
  sql`select a.id, a.login, count(p.id)::int as n from agents a
      join agent_closure c on c.ancestor_id = a.id join players p on p.agent_id = c.descendant_id
      where a.site_id = 1 and a.parent_id is not null group by a.id, a.login
      order by abs(count(p.id) - 200), a.id limit 1`,
);
const [master] = await queryRows<{ id: number }>(
  db,
  sql`select id from agents where login = 'MASTER' and site_id = 1`,
);

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

interface Case {
  name: string;
  endpoint: Endpoint;
  input: (agentId: number) => { query?: Record<string, unknown>; body?: unknown };
  raw: (agentId: number) => Promise<unknown>;
  /** Measured for a desk only: a whole book's week of wagers (~850,000) is not a page-one read. */
  deskOnly?: boolean;
}

const wagerConds = (agentId: number, extra: Partial<wagers.WagerConditions> = {}) => ({
  siteId: 1,
  agentId,
  ...extra,
});
const firstPage: wagers.Paging = { sort: 'placedAt', dir: 'desc', limit: 50, offset: 0 };
const range = { startDate: lastWeek.StartDate, endDate: lastWeek.EndDate };

const cases: Case[] = [
  {
    name: 'WeeklyBalance (page 1 of 100)',
    endpoint: api.weeklyBalance,
    input: (a) => ({ body: { idAgent: a, period: 3, pageSize: 100 } }),
    raw: (a) => {
      const q = { siteId: 1, agentId: a, monday: lastWeek.StartDate, sunday: lastWeek.EndDate };
      return selectWeekPage(db, q, { sort: 'player', descending: false, limit: 100, offset: 0 });
    },
  },
  {
    name: 'NewWeeklyBalance',
    endpoint: api.newWeeklyBalance,
    input: (a) => ({ body: { idAgent: a, period: 3 } }),
    raw: (a) =>
      selectWeeklyBalance(db, {
        siteId: 1,
        agentId: a,
        monday: lastWeek.StartDate,
        sunday: lastWeek.EndDate,
      }),
  },
  {
    name: 'PlayerStanding',
    endpoint: api.playerStanding,
    input: (a) => ({ body: { idAgent: a } }),
    raw: (a) =>
      selectStanding(db, {
        siteId: 1,
        agentId: a,
        thisWeek: thisMonday,
        lastWeek: addDays(thisMonday, -7),
        now,
      }),
  },
  {
    // The players list's first page (issue 17): the page and the count, as the service runs them.
    name: 'GetPlayers (page 1)',
    endpoint: api.getPlayers,
    input: (a) => ({ body: { idAgent: a } }),
    raw: (a) => {
      const q = { siteId: 1, agentId: a, week: thisMonday, now, filter: 'all' as const };
      return Promise.all([
        selectPlayersPage(db, q, { sort: 'player', dir: 'asc' }, { limit: 50, offset: 0 }),
        countPlayers(db, q),
      ]);
    },
  },
  {
    // The watch list (issue 17): the watched players with today and this week, their count, and
    // each one's latest wagers, as the service runs them.
    name: 'GetWatchList',
    endpoint: api.getWatchList,
    input: (a) => ({ body: { idAgent: a } }),
    raw: async (a) => {
      const week = computePeriod(Period.ThisWeek, now, tz);
      const today = computePeriod(Period.Today, now, tz).StartDate;
      const scope = { siteId: 1, agentId: a };
      const [rows] = await Promise.all([
        watchList.selectWatched(db, {
          ...scope,
          week: week.StartDate,
          weekDay: daysBetween(week.StartDate, today),
          now,
          limit: WATCH_LIST_MAX,
        }),
        watchList.countWatched(db, scope),
      ]);
      return watchList.selectLastWagers(
        db,
        rows.map((r) => r.id),
        WATCH_LAST_WAGERS,
      );
    },
  },
  {
    name: 'GetPlayerHistoryReport',
    endpoint: api.getPlayerHistoryReport,
    input: () => ({ body: { idPlayer: somePlayer!.id, period: 6 } }),
    raw: () => selectHistory(db, { playerId: somePlayer!.id, ...computeMonth() }),
  },
  {
    name: 'GetPlayerPayments',
    endpoint: api.getPlayerPayments,
    input: (a) => ({ body: { idAgent: a, period: 3 } }),
    raw: (a) =>
      selectPlayerPayments(db, { agentId: a, start: range.startDate, end: range.endDate }),
  },
  {
    name: 'GetAgentPayment',
    endpoint: api.getAgentPayment,
    input: (a) => ({ body: { idAgent: a, period: 3 } }),
    raw: (a) =>
      selectAgentPayments(db, {
        agentId: a,
        scope: 'self',
        start: range.startDate,
        end: range.endDate,
      }),
  },
  {
    name: 'GetReportAgentPayment',
    endpoint: api.getReportAgentPayment,
    input: (a) => ({ body: { idAgent: a, period: 3 } }),
    raw: (a) =>
      selectAgentPayments(db, {
        agentId: a,
        scope: 'below',
        start: range.startDate,
        end: range.endDate,
      }),
  },
  {
    name: 'CashFlowReport',
    endpoint: api.cashFlowReport,
    input: (a) => ({ body: { idAgent: a, period: 3 } }),
    raw: (a) => selectCashFlow(db, { agentId: a, start: range.startDate, end: range.endDate }),
  },
  {
    name: 'GetCurrency',
    endpoint: api.getCurrency,
    input: () => ({}),
    raw: () => selectSiteCurrencies(db, 1),
  },
  {
    name: 'GetOpenBets (page 1)',
    deskOnly: true,
    endpoint: api.getOpenBets,
    input: (a) => ({ query: { idAgent: a } }),
    raw: (a) => wagers.selectOpenPage(db, wagerConds(a), firstPage),
  },
  {
    name: 'GetGradedBetsReport (page 1)',
    deskOnly: true,
    endpoint: api.getGradedBetsReport,
    input: (a) => ({ query: { idAgent: a, ...range } }),
    raw: (a) =>
      wagers.selectGradedPage(db, wagerConds(a), range.startDate, range.endDate, firstPage),
  },
  {
    name: 'GetGradedBetsReport sport+type',
    deskOnly: true,
    endpoint: api.getGradedBetsReport,
    input: (a) => ({ query: { idAgent: a, ...range, sport: 'NFL', wagerType: 'straight' } }),
    raw: (a) => {
      const c = wagerConds(a, { sport: 'NFL', wagerType: 'straight' });
      return wagers.selectGradedPage(db, c, range.startDate, range.endDate, firstPage);
    },
  },
];

function computeMonth() {
  const m = computePeriod(Period.ThisMonth, now, tz);
  return { start: m.StartDate, end: m.EndDate };
}

function request(c: Case, agentId: number) {
  const { query, body } = c.input(agentId);
  const qs = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const target = `${address}${DEFAULT_BASES[c.endpoint.base]}${c.endpoint.path}${qs}`;
  const headers: Record<string, string> = {
    authorization: header(agentId === master!.id ? 0 : agentId),
  };
  if (c.endpoint.method !== 'GET') {
    Object.assign(headers, {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `bl_csrf=${csrf}`,
    });
  }
  return async () => {
    const res = await fetch(target, {
      method: c.endpoint.method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    await res.arrayBuffer();
    return res.ok;
  };
}

if (only.has('reports')) {
  const rows: string[][] = [];
  for (const who of [
    { label: `${sub!.login} (${sub!.n} players)`, id: sub!.id },
    { label: `MASTER (${counts!.players - 0} players)`, id: master!.id },
  ]) {
    for (const c of cases) {
      if (c.deskOnly && who.id === master!.id) continue;
      const e2e: Figures = await measure(request(c, who.id), { seconds, workers: 1, warmup: 3 });
      const load: Figures = await measure(request(c, who.id), { seconds, workers });
      const raw: Figures = await measure(
        async () => {
          await c.raw(who.id);
          return true;
        },
        { seconds, workers: 1, warmup: 3 },
      );
      rows.push([
        c.name,
        who.label,
        ms(e2e.p50),
        ms(e2e.p99),
        load.rps.toFixed(0),
        ms(raw.p50),
        (e2e.p50 / raw.p50).toFixed(2),
        String(e2e.errors + load.errors),
      ]);
      console.log(
        `  ${c.name} / ${who.label}: e2e p50 ${ms(e2e.p50)} ms, SQL p50 ${ms(raw.p50)} ms`,
      );
    }
  }

  const head = [
    'call',
    'caller',
    'e2e p50 ms',
    'e2e p99 ms',
    `req/s (${workers} conn)`,
    'SQL p50 ms',
    'e2e/SQL',
    'errors',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

if (only.has('graded')) {
  console.log('');
  await benchGraded({
    address,
    header,
    csrf,
    desk: { id: sub!.id, label: `${sub!.login} (${sub!.n} players)` },
    master: { id: master!.id, label: `MASTER (${counts!.players} players)` },
    today: computePeriod(Period.Today, now, tz).StartDate,
    mondayOfToday: thisMonday,
    seconds,
  });
}

if (only.has('export')) {
  console.log('');
  await benchExport({ address, header, csrf });
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
  await benchLoad({
    databaseUrl: url,
    platformSecretKey,
    deskIds: desks.map((d) => d.id),
    connections: countsOf('connections', args.connections),
    seconds: loadSeconds,
    warmupSeconds,
    ...(args.calls ? { calls: args.calls.split(',').map((c) => c.trim()) } : {}),
  });
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

await database.close();
if (args.keep && cluster) {
  console.log(`\nKept the cluster for another run: npm run bench -- --url '${cluster.url}'`);
  console.log(`(its files are in ${cluster.dir}; stop it with pg_ctl stop -D ${cluster.dir}/data)`);
} else {
  await cluster?.stop();
}
