// The mixed workload of a settle day against one real server process on PostgreSQL: log-ins,
// weekly balance pages, wager center pages, the tree and notifications. Each virtual user has its
// own sessions (its desk's and its master's); the mix runs closed-loop from N users at once, then
// open-loop at fixed arrival rates (open-loop.ts), for each database pool size asked. The server
// runs as a child process, so its memory and CPU are its own; everything is on loopback.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { Pool } from 'undici';
import { resolve } from 'node:path';
import {
  deskAccounts,
  picker,
  seeded,
  signInUsers,
  workload,
  type Conn,
  type Mix,
  type User,
} from './load-mix.ts';
import { ms, percentile } from './measure.ts';
import { highestHolding, openLoop, type OpenLoopFigures } from './open-loop.ts';
import {
  cpuSince,
  postmasterOfDatabase,
  readCpu,
  watchMemory,
  type CpuReading,
} from './process-cpu.ts';
import { atMost, recordTarget, recordFigure } from './targets.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The mix's p99 target at 50 connections, closed-loop (docs/operations.md), and open-loop. */
export const P99_TARGET_MS = 250;
const TARGET_CONNECTIONS = 50;
/** How long answers are awaited after an open-loop run's last send before the rest is cancelled. */
const DRAIN_MS = 10_000;
/** Steps of the open-loop rate search at most, so a run stays bounded. */
const MAX_RATE_STEPS = 20;

export interface LoadOptions {
  databaseUrl: string;
  /** Agents to act for: desks of about 200 players, spread over the book. */
  deskIds: number[];
  connections: number[];
  seconds: number;
  /** Seconds of the same mix before each closed-loop run, not counted (the open-loop runs come
   * after them, on a warm server). */
  warmupSeconds: number;
  /** Only the calls whose names start with one of these (default: the whole mix). */
  calls?: string[];
  /** The server's PLATFORM_SECRET_KEY (hex), when a caller seals an integration key with it. */
  platformSecretKey?: string;
  /** Runs beside each measured closed-loop run, against the same server (the feed's check). */
  beside?: (base: string, seconds: number) => Promise<void>;
  /** The server's DB_POOL_SIZE: every run is repeated on a server of each size (default [4]). */
  poolSizes?: number[];
  /** Open-loop arrival rates, requests a second, each for `seconds` (default: none). */
  rates?: number[];
  /** After the rates, step up by this many requests a second while the p99 holds (default: no). */
  rateStep?: number;
}

export interface ServerOptions {
  /** PLATFORM_SECRET_KEY, hex (default: the environment's, or a random one). */
  platformSecretKey?: string | undefined;
  /** DB_POOL_SIZE (default 4). */
  poolSize?: number;
}

/** Starts `node apps/server/src/main.ts` on a free port and waits for /healthz. */
export async function startServer(
  databaseUrl: string,
  opts: ServerOptions = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [resolve(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without its own key (config.ts).
      PLATFORM_SECRET_KEY:
        opts.platformSecretKey ??
        process.env.PLATFORM_SECRET_KEY ??
        randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_ON_START: 'false',
      // A few connections per core: the server, PostgreSQL and this generator share two cores, and
      // more connections only make queries take turns inside the database (docs/operations.md).
      DB_POOL_SIZE: String(opts.poolSize ?? 4),
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer /healthz within 60 s');
}

/** CPU ms per request, of the server, PostgreSQL (null when not on this machine) and generator. */
function perRequest(spent: CpuReading, requests: number): CpuReading {
  const per = (v: number) => (requests > 0 ? v / requests : Number.NaN);
  return {
    server: per(spent.server),
    postgres: spent.postgres === null ? null : per(spent.postgres),
    generator: per(spent.generator),
  };
}

/** " (503 ×5, 0 ×1)": the errors by status, 0 for a failed socket; nothing when there are none. */
const byStatus = (statuses: Map<number, number>) =>
  statuses.size === 0
    ? ''
    : ` (${[...statuses].map(([status, n]) => `${status} ×${n}`).join(', ')})`;

/** The p99 of all sent, where errors and unanswered requests count as never answered. */
const ofAll = (v: number) => (v === Number.POSITIVE_INFINITY ? 'over 1 % failed' : ms(v));

const cpuText = (c: CpuReading) =>
  `CPU per answered request (refusals included): server ${ms(c.server)} ms, PostgreSQL ${c.postgres === null ? '-' : ms(c.postgres)} ms, ` +
  `generator ${ms(c.generator)} ms`;

export interface ClosedRun {
  pool: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The errors by status (0: the socket failed). */
  errorStatuses: Map<number, number>;
  peakRss: number;
  cpu: CpuReading;
  perCall: Map<string, { count: number; p50: number; p99: number; errors: number }>;
}

export interface OpenRun extends OpenLoopFigures {
  pool: number;
  cpu: CpuReading;
  peakRss: number;
}

export interface LoadResults {
  closed: ClosedRun[];
  open: OpenRun[];
  /** Per pool size, the highest open-loop rate whose p99 held at P99_TARGET_MS (null: none). */
  highest: Map<number, number | null>;
}

/** What each run loads and reads: one server, its database pool size and its signed-in users. */
interface Target {
  o: LoadOptions;
  conn: Conn;
  server: ChildProcess;
  /** The postmaster's pid, for PostgreSQL's CPU; null when PostgreSQL runs elsewhere. */
  postmaster: number | null;
  users: User[];
  pool: number;
}

/**
 * `connections` virtual users, each its own user, sending its next call as soon as its last one
 * was answered; after `warmupSeconds` unmeasured, one measured run of `seconds`.
 */
async function closedLoop(on: Target, connections: number): Promise<ClosedRun> {
  const { o, conn, server, postmaster, users, pool } = on;
  const mix = workload(o.calls);
  const pick = picker(mix, seeded());
  const latencies = new Map<string, number[]>(mix.map((m) => [m.name, []]));
  const failures = new Map<string, number>(mix.map((m) => [m.name, 0]));
  const errorStatuses = new Map<number, number>();
  const drive = (seconds: number, record: (m: Mix, status: number, ms: number) => void) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(
      users.slice(0, connections).map(async (user) => {
        while (performance.now() < until) {
          const m = pick();
          const t = performance.now();
          const status = await m.send(conn, user).catch(() => 0);
          record(m, status, performance.now() - t);
        }
      }),
    );
  };
  // Unmeasured first: the database's and the server's caches warm up as on any working day.
  await drive(o.warmupSeconds, () => {});
  const peak = watchMemory(server.pid!, 100);
  const before = readCpu(server.pid!, postmaster);
  const started = performance.now();
  await Promise.all([
    drive(o.seconds, (m, status, elapsed) => {
      if (status >= 200 && status < 300) latencies.get(m.name)!.push(elapsed);
      else {
        failures.set(m.name, failures.get(m.name)! + 1);
        errorStatuses.set(status, (errorStatuses.get(status) ?? 0) + 1);
      }
    }),
    o.beside?.(conn.base, o.seconds),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const spent = cpuSince(before, readCpu(server.pid!, postmaster));
  const peakRss = peak().peak;
  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  const perCall = new Map(
    [...latencies].map(([name, list]) => {
      list.sort((a, b) => a - b);
      const f = { count: list.length, errors: failures.get(name)! };
      return [name, { ...f, p50: percentile(list, 50), p99: percentile(list, 99) }];
    }),
  );
  return {
    pool,
    connections,
    requests: all.length,
    rps: all.length / elapsed,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    errors,
    errorStatuses,
    peakRss,
    cpu: perRequest(spent, all.length + errors),
    perCall,
  };
}

/** One open-loop run at `rate`: request i goes as user i mod the users' count. */
async function openRun(on: Target, rate: number): Promise<OpenRun> {
  const { o, conn, server, postmaster, users, pool } = on;
  const pick = picker(workload(o.calls), seeded());
  const peak = watchMemory(server.pid!, 100);
  const before = readCpu(server.pid!, postmaster);
  const figures = await openLoop(
    rate,
    o.seconds,
    (i, signal) => pick().send(conn, users[i % users.length]!, signal),
    DRAIN_MS,
  );
  const spent = cpuSince(before, readCpu(server.pid!, postmaster));
  // Per answered request: the work of cancelled ones, if any, is counted against the answered.
  const run = { ...figures, pool, peakRss: peak().peak, cpu: perRequest(spent, figures.answered) };
  console.log(
    `  open loop, ${rate} requests/s for ${o.seconds} s: ${run.sent} sent, ${run.answered} answered, ` +
      `${run.errors} errors${byStatus(run.errorStatuses)}, ${run.unanswered} unanswered; ` +
      `from the intended send time ` +
      `p50 ${ms(run.p50)} ms, p99 ${ms(run.p99)} ms (p99 of all sent ${ofAll(run.p99OfAll)}${Number.isFinite(run.p99OfAll) ? ' ms' : ''}); ` +
      `sent late p99 ${ms(run.sendLateP99)} ms, at most ${ms(run.sendLateMax)} ms`,
  );
  console.log(`    ${cpuText(run.cpu)}`);
  // Cancelled requests may still be running on the server: let them end before the next run.
  if (run.unanswered > 0) await new Promise((r) => setTimeout(r, 3000));
  return run;
}

/**
 * Runs the mix on a server of each pool size: closed-loop at each connection count, then
 * open-loop at each rate (and, with `rateStep`, higher while the p99 holds); prints each run as
 * it ends and the tables of all of them at the end.
 */
export async function benchLoad(o: LoadOptions): Promise<LoadResults> {
  const desks = await deskAccounts(o.databaseUrl, o.deskIds);
  const postmaster = await postmasterOfDatabase(o.databaseUrl);
  if (postmaster === null)
    console.log('  (PostgreSQL is not among this machine’s processes: its CPU is not counted)');
  const results: LoadResults = { closed: [], open: [], highest: new Map() };
  const userCount = Math.max(...o.connections);
  for (const pool of o.poolSizes ?? [4]) {
    const { child, base } = await startServer(o.databaseUrl, {
      platformSecretKey: o.platformSecretKey,
      poolSize: pool,
    });
    const conn: Conn = { base, pool: new Pool(base, { connections: 1000, pipelining: 1 }) };
    try {
      const t = performance.now();
      const users = await signInUsers(conn, desks, userCount);
      console.log(
        `  server with a database pool of ${pool}: ${users.length} virtual users signed in, each ` +
          `as its desk and as MASTER (${((performance.now() - t) / 1000).toFixed(1)} s, not measured)`,
      );
      const on: Target = { o, conn, server: child, postmaster, users, pool };
      for (const connections of o.connections) {
        const run = await closedLoop(on, connections);
        results.closed.push(run);
        printClosed(o, run);
      }
      const runs: OpenRun[] = [];
      const rates = [...(o.rates ?? [])].sort((a, b) => a - b);
      for (const rate of rates) runs.push(await openRun(on, rate));
      for (let step = 1; o.rateStep && rates.length > 0 && step <= MAX_RATE_STEPS; step++) {
        if (highestHolding(runs, P99_TARGET_MS) !== runs.at(-1)!.rate) break;
        const rate = runs.at(-1)!.rate + o.rateStep;
        runs.push(await openRun(on, rate));
      }
      results.open.push(...runs);
      if (runs.length > 0) results.highest.set(pool, highestHolding(runs, P99_TARGET_MS));
    } finally {
      await conn.pool.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
  }
  printTables(o, results);
  return results;
}

function printClosed(o: LoadOptions, run: ClosedRun) {
  recordFigure(
    'load',
    `mix, closed loop, ${run.connections} connections, pool ${run.pool}`,
    run.rps,
    'req/s',
  );
  console.log(
    `  closed loop, pool ${run.pool}, ${run.connections} connections, ${o.seconds} s` +
      ` (after ${o.warmupSeconds} s of warm-up)` +
      `: ${run.rps.toFixed(0)} req/s, p50 ${ms(run.p50)} ms, p99 ${ms(run.p99)} ms, ` +
      `${run.errors} errors${byStatus(run.errorStatuses)}, server peak RSS ${(run.peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(`    ${cpuText(run.cpu)}`);
  for (const [name, f] of run.perCall) {
    console.log(
      `    ${name.padEnd(32)} ${String(f.count).padStart(7)} ok  p50 ${ms(f.p50).padStart(7)} ms  ` +
        `p99 ${ms(f.p99).padStart(7)} ms  ${f.errors} errors`,
    );
  }
}

/** The closed- and open-loop runs side by side, one row a run. */
function printTables(o: LoadOptions, r: LoadResults) {
  const cpu = (c: CpuReading) => [
    ms(c.server),
    c.postgres === null ? '-' : ms(c.postgres),
    ms(c.generator),
  ];
  const cpuHead = ['CPU ms/answer: server', 'PostgreSQL', 'generator'];
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
  console.log(`\n  Closed loop: each virtual user its next call when its last one is answered`);
  table(
    ['pool', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'errors', ...cpuHead, 'peak RSS'],
    r.closed.map((c) => [
      String(c.pool),
      String(c.connections),
      c.rps.toFixed(0),
      ms(c.p50),
      ms(c.p99),
      String(c.errors),
      ...cpu(c.cpu),
      mb(c.peakRss),
    ]),
  );
  if (r.open.length === 0) return;
  console.log(
    `\n  Open loop: requests sent at a constant rate for ${o.seconds} s, latency from the intended ` +
      `send time; a rate holds when the p99 of all sent (an error or no answer counting as too ` +
      `late) is ≤ ${P99_TARGET_MS} ms`,
  );
  table(
    [
      'pool',
      'rate/s',
      'sent',
      'answered',
      'errors',
      'p50 ms',
      'p99 ms',
      'p99 of all ms',
      'sent late p99',
      ...cpuHead,
      'holds',
    ],
    r.open.map((x) => [
      String(x.pool),
      String(x.rate),
      String(x.sent),
      String(x.answered),
      String(x.errors),
      ms(x.p50),
      ms(x.p99),
      ofAll(x.p99OfAll),
      ms(x.sendLateP99),
      ...cpu(x.cpu),
      x.p99OfAll <= P99_TARGET_MS ? 'yes' : 'no',
    ]),
  );
  for (const [pool, rate] of r.highest) {
    console.log(
      `  pool ${pool}: highest rate holding p99 ≤ ${P99_TARGET_MS} ms: ` +
        (rate === null ? 'none of those run' : `${rate} requests/s`),
    );
  }
}

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padStart(widths[i]!)).join('  ')}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

/**
 * The load section's targets (targets.ts): the closed-loop p99 at 50 connections, and whether an
 * open-loop rate held the same p99, for each pool size run. No throughput target is stated, so
 * the highest rate is recorded as measured, against the latency it had to hold.
 */
export function recordLoadTargets(r: LoadResults): void {
  for (const c of r.closed) {
    if (c.connections !== TARGET_CONNECTIONS) continue;
    atMost(
      'load',
      `closed-loop p99, ${c.connections} connections, pool ${c.pool}`,
      c.p99,
      P99_TARGET_MS,
      'ms',
    );
  }
  for (const [pool, rate] of r.highest) {
    const rates = r.open.filter((x) => x.pool === pool).map((x) => x.rate);
    recordTarget({
      section: 'load',
      figure: `open loop, highest rate holding the p99, pool ${pool}`,
      measured: rate === null ? `none of ${rates.join(', ')} req/s` : `${rate} req/s`,
      target: `p99 ≤ ${P99_TARGET_MS} ms at a rate run`,
      met: rate !== null,
    });
  }
}
