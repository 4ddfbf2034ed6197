// The mixed workload of a settle day against one real server process on PostgreSQL: log-ins,
// weekly balance pages, wager center pages, the tree and notifications, from N connections at once.
// The server runs as a child process so its memory is its own and the load generator's CPU is not
// counted against it; everything is on loopback.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { resolve } from 'node:path';
import { api, computePeriod, DEFAULT_BASES, Period, type Endpoint } from '@backline/contract';
import { signInAsMaster, type MasterSession } from './master-session.ts';
import { ms, percentile } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface LoadOptions {
  databaseUrl: string;
  /** Agents to act for: desks of about 200 players, spread over the book. */
  deskIds: number[];
  connections: number[];
  seconds: number;
  /** Seconds of the same mix before each measured run, not counted. */
  warmupSeconds: number;
  /** Only the calls whose names start with one of these (default: the whole mix). */
  calls?: string[];
  /** The server's PLATFORM_SECRET_KEY (hex), when a caller seals an integration key with it. */
  platformSecretKey?: string;
  /** Runs beside each measured run, against the same server (the feed's accept check). */
  beside?: (base: string, seconds: number) => Promise<void>;
}

interface Mix {
  name: string;
  weight: number;
  send: (client: Client, rnd: () => number) => Promise<number>;
}

interface Client extends MasterSession {
  base: string;
  /** Keep-alive connections to the server (see `send`). */
  pool: Pool;
}

const logIn = async (base: string, pool: Pool): Promise<Client> => ({
  base,
  pool,
  ...(await signInAsMaster(base)),
});

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

/** Resident set size now and at its peak (VmHWM), from /proc: the server's real memory. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/**
 * Sends one call and reads the whole answer; resolves to the status (0 when the socket failed).
 * Through undici's keep-alive pool, at most one connection per virtual user: the generator shares
 * the machine's two cores with the server and PostgreSQL, and undici costs it a fraction of what
 * node:http or fetch do, so more of the CPU is left to what is measured.
 */
async function send(
  client: Client,
  e: Endpoint,
  actAs: number,
  input: { query?: Record<string, unknown>; body?: unknown },
): Promise<number> {
  const qs = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const headers: Record<string, string> = { authorization: client.header(actAs) };
  if (e.method !== 'GET') {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = client.csrf;
    headers.cookie = `bl_csrf=${client.csrf}`;
  }
  try {
    const res = await client.pool.request({
      path: `${DEFAULT_BASES[e.base]}${e.path}${qs}`,
      method: e.method,
      headers,
      body: input.body === undefined ? null : JSON.stringify(input.body),
    });
    await res.body.dump();
    return res.statusCode;
  } catch {
    return 0;
  }
}

function workload(o: LoadOptions): Mix[] {
  const lastWeek = computePeriod(Period.LastWeek, new Date(), 'America/New_York');
  const desk = (rnd: () => number) => o.deskIds[Math.floor(rnd() * o.deskIds.length)]!;
  return [
    {
      name: 'log-in',
      weight: 2,
      send: async (c) => {
        await signInAsMaster(c.base);
        return 200;
      },
    },
    {
      name: 'weekly balance (desk)',
      weight: 20,
      send: (c, rnd) =>
        send(c, api.weeklyBalance, desk(rnd), { body: { period: 3, pageSize: 100 } }),
    },
    {
      name: 'weekly balance (master, page 1)',
      weight: 3,
      send: (c) => send(c, api.weeklyBalance, 0, { body: { period: 2, pageSize: 100 } }),
    },
    {
      name: 'open bets page',
      weight: 20,
      send: (c, rnd) => send(c, api.getOpenBets, desk(rnd), { query: { pageSize: 50 } }),
    },
    {
      name: 'graded bets page',
      weight: 20,
      send: (c, rnd) =>
        send(c, api.getGradedBetsReport, desk(rnd), {
          query: { startDate: lastWeek.StartDate, endDate: lastWeek.EndDate, pageSize: 50 },
        }),
    },
    {
      name: 'tree level',
      weight: 15,
      send: (c, rnd) => send(c, api.getAgentPlayerTree, desk(rnd), { query: {} }),
    },
    {
      name: 'notifications',
      weight: 20,
      send: (c, rnd) => send(c, api.getNotificationByAgentId, desk(rnd), {}),
    },
  ];
}

export interface LoadFigures {
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  peakRss: number;
  perCall: Map<string, { count: number; p50: number; p99: number; errors: number }>;
}

/** Runs the mix at each connection count and prints one line per run and per call. */
export async function benchLoad(o: LoadOptions): Promise<LoadFigures[]> {
  const { child, base } = await startServer(o.databaseUrl, {
    platformSecretKey: o.platformSecretKey,
  });
  const pool = new Pool(base, { connections: 1000, pipelining: 1 });
  const results: LoadFigures[] = [];
  try {
    for (const connections of o.connections) {
      const client = await logIn(base, pool);
      const mix = workload(o).filter(
        (m) => !o.calls || o.calls.some((prefix) => m.name.startsWith(prefix)),
      );
      if (mix.length === 0)
        throw new Error(`no call of the mix starts with ${o.calls?.join(', ')}`);
      const total = mix.reduce((n, m) => n + m.weight, 0);
      const latencies = new Map<string, number[]>(mix.map((m) => [m.name, []]));
      const failures = new Map<string, number>(mix.map((m) => [m.name, 0]));
      let seed = 42;
      const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
      const pick = () => {
        let r = rnd() * total;
        for (const m of mix) if ((r -= m.weight) < 0) return m;
        return mix[mix.length - 1]!;
      };
      /** `connections` virtual users, each sending the next call as soon as its last answered. */
      const drive = (seconds: number, record: (m: Mix, status: number, ms: number) => void) => {
        const until = performance.now() + seconds * 1000;
        return Promise.all(
          Array.from({ length: connections }, async () => {
            while (performance.now() < until) {
              const m = pick();
              const t = performance.now();
              const status = await m.send(client, rnd).catch(() => 0);
              record(m, status, performance.now() - t);
            }
          }),
        );
      };
      // Unmeasured first: the database's and the server's caches warm up as on any working day.
      await drive(o.warmupSeconds, () => {});
      let peak = memoryOf(child.pid!).rss;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(child.pid!).rss)), 100);
      const started = performance.now();
      await Promise.all([
        drive(o.seconds, (m, status, elapsed) => {
          if (status >= 200 && status < 300) latencies.get(m.name)!.push(elapsed);
          else failures.set(m.name, failures.get(m.name)! + 1);
        }),
        o.beside?.(base, o.seconds),
      ]);
      const elapsed = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const all = [...latencies.values()].flat().sort((a, b) => a - b);
      const perCall = new Map(
        [...latencies].map(([name, list]) => {
          list.sort((a, b) => a - b);
          return [
            name,
            {
              count: list.length,
              p50: percentile(list, 50),
              p99: percentile(list, 99),
              errors: failures.get(name)!,
            },
          ];
        }),
      );
      const figures: LoadFigures = {
        connections,
        requests: all.length,
        rps: all.length / elapsed,
        p50: percentile(all, 50),
        p99: percentile(all, 99),
        errors: [...failures.values()].reduce((a, b) => a + b, 0),
        peakRss: peak,
        perCall,
      };
      results.push(figures);
      console.log(
        `  mixed load, ${connections} connections, ${o.seconds} s (after ${o.warmupSeconds} s of warm-up): ` +
          `${figures.rps.toFixed(0)} req/s, ` +
          `p50 ${ms(figures.p50)} ms, p99 ${ms(figures.p99)} ms, ${figures.errors} errors, ` +
          `server peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`,
      );
      for (const [name, f] of perCall) {
        console.log(
          `    ${name.padEnd(32)} ${String(f.count).padStart(7)} ok  p50 ${ms(f.p50).padStart(7)} ms  ` +
            `p99 ${ms(f.p99).padStart(7)} ms  ${f.errors} errors`,
        );
      }
    }
  } finally {
    await pool.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  return results;
}
