// `npm run cluster`: Backline as it runs beyond one machine, on loopback — a PostgreSQL primary and
// a streaming standby (a base backup through a replication slot, synchronous by default), three
// Backline processes that write to whichever server is the primary and read reports from the
// standby, and Debian's HAProxy in front, checking each process's /healthz. The cluster suite
// (apps/server/test/cluster/) drives it; run alone it serves until Ctrl-C and then tears down.
// Usage: node scripts/cluster.ts [--processes 3] [--players 200] [--async]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PRIMARY_SETTINGS, startPostgres, startStandby, type PgCluster } from './pg.ts';
import { HAPROXY_PATH } from './system-deps.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MAIN = join(ROOT, 'apps/server/src/main.ts');
/** The name the standby streams under: its replication slot and `synchronous_standby_names`. */
const STANDBY = 'backline_standby';
/** HAProxy's health checks: every 250 ms, two failures take a process out, two successes back. */
const CHECK = 'inter 250ms fastinter 250ms downinter 250ms fall 2 rise 2';

export interface ClusterOptions {
  processes?: number;
  /** The primary acknowledges a commit only once the standby has it (default true). */
  synchronous?: boolean;
  seedPlayers?: number;
  seedWeeks?: number;
  /** Each process's pool (DB_POOL_SIZE). */
  poolSize?: number;
  log?: (line: string) => void;
}

export interface BacklineProcess {
  name: string;
  /** Its own address, past HAProxy. */
  url: string;
  readonly alive: boolean;
  /** What it printed, for a failure's message. */
  output(): string;
  /** Starts it and waits until its /healthz answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: where clients go. */
  url: string;
  primary: PgCluster;
  standby: PgCluster;
  /** Both servers, the writable one wanted (what the processes are given as DATABASE_URL). */
  databaseUrl: string;
  processes: BacklineProcess[];
  /** One command of HAProxy's runtime API, and its answer. */
  haproxy(command: string): Promise<string>;
  /** A process's state as HAProxy sees it: UP, DOWN, MAINT, ... */
  serverStatus(name: string): Promise<string>;
  /** Stops and starts each process in turn, taken out of HAProxy first and put back once UP. */
  rollingRestart(): Promise<void>;
  /** Stops the primary hard and promotes the standby; the times each took, in ms. */
  failover(): Promise<{ haltMs: number; promoteMs: number }>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The servers and HAProxy this process started: none outlives it, however it ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error()),
      );
    });
  });
}

/** Waits until `condition` holds, checking every 100 ms; throws naming `what` after `ms`. */
export async function until(
  what: string,
  condition: () => Promise<boolean> | boolean,
  ms = 30_000,
): Promise<void> {
  for (const started = Date.now(); !(await condition()); await sleep(100)) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The same URL with the host part replaced by several hosts, libpq style. */
function multiHost(url: string, ports: number[], attrs: string): string {
  const u = new URL(url);
  return `postgres://${u.username}:${u.password}@${ports.map((p) => `127.0.0.1:${p}`).join(',')}${u.pathname}?target_session_attrs=${attrs}`;
}

function backlineProcess(name: string, port: number, env: NodeJS.ProcessEnv): BacklineProcess {
  let child: ChildProcess | undefined;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const alive = () => !!child && child.exitCode === null && child.signalCode === null;
  return {
    name,
    url,
    get alive() {
      return alive();
    },
    output: () => output.slice(-4000),
    async start() {
      output = '';
      child = track(
        spawn(process.execPath, [MAIN], {
          cwd: ROOT,
          env: { ...env, PORT: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await until(
        `${name} answering /healthz`,
        async () => {
          if (!alive()) throw new Error(`${name} exited:\n${output.slice(-4000)}`);
          return healthy(url);
        },
        180_000,
      );
    },
    async stop(signal = 'SIGTERM') {
      if (!child || !alive()) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

function haproxyConfig(dir: string, port: number, servers: BacklineProcess[]): string {
  return `global
  maxconn 4000
  stats socket ${dir}/admin.sock mode 600 level admin
  pidfile ${dir}/haproxy.pid

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # An event stream is quiet between events; the server's heartbeat (15 s) keeps it well inside.
  timeout tunnel 1h
  # A connection that cannot be made goes to another process; a request a process has taken is
  # never sent twice (a payment's retry is the client's, with its idempotency key).
  retries 3
  option redispatch 1

frontend backline
  bind 127.0.0.1:${port}
  default_backend processes

backend processes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server ${CHECK}
${servers.map((s) => `  server ${s.name} ${s.url.replace('http://', '')} check`).join('\n')}
`;
}

/** Sends one command to HAProxy's admin socket and reads the answer to its end. */
function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    let answer = '';
    const conn = connect(socket, () => conn.end(`${command}\n`));
    conn.on('data', (chunk) => (answer += chunk.toString()));
    conn.on('end', () => resolveAnswer(answer));
    conn.on('error', reject);
  });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.processes ?? 3;
  if (!existsSync(HAPROXY_PATH))
    throw new Error(`${HAPROXY_PATH} is missing: apt-get install haproxy`);
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.splice(0).reverse()) await s().catch(() => {});
  };
  try {
    const t0 = Date.now();
    // A commit is acknowledged once it is in the WAL (and, synchronous, once the standby has it).
    const primary = await startPostgres({
      settings: { ...PRIMARY_SETTINGS, synchronous_commit: 'on', max_connections: '200' },
    });
    stoppers.push(() => primary.stop());
    const standby = await startStandby(primary, STANDBY, { max_connections: '200' });
    stoppers.push(() => standby.stop());
    await until('the standby streaming', async () => {
      const rows = await query<{ n: number }>(
        primary.url,
        `select count(*)::int as n from pg_stat_replication
         where application_name = '${STANDBY}' and state = 'streaming'`,
      );
      return rows[0]!.n === 1;
    });
    if (options.synchronous ?? true) {
      await query(primary.url, `alter system set synchronous_standby_names = '${STANDBY}'`);
      await query(primary.url, 'select pg_reload_conf()');
      await until('the standby synchronous', async () => {
        const rows = await query<{ state: string }>(
          primary.url,
          `select sync_state as state from pg_stat_replication where application_name = '${STANDBY}'`,
        );
        return rows[0]?.state === 'sync';
      });
    }
    log(`PostgreSQL primary :${primary.port}, standby :${standby.port} (${Date.now() - t0} ms)`);

    const databaseUrl = multiHost(primary.url, [primary.port, standby.port], 'read-write');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PLATFORM_SECRET_KEY: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Reports read the standby while there is one, and the primary when it is all there is.
      REPORTS_DATABASE_URL: multiHost(primary.url, [standby.port, primary.port], 'prefer-standby'),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      SEED_PLAYERS: String(options.seedPlayers ?? 200),
      SEED_WEEKS: String(options.seedWeeks ?? 2),
      SIMULATE: 'false',
      DB_POOL_SIZE: String(options.poolSize ?? 4),
      DB_CONNECT_TIMEOUT_MS: '1000',
    };
    const processes = await Promise.all(
      Array.from({ length: count }, async (_, i) =>
        backlineProcess(`p${i + 1}`, await freePort(), env),
      ),
    );
    stoppers.push(async () => {
      await Promise.all(processes.map((p) => p.stop()));
    });
    // The first migrates and seeds; the others find the book there.
    const t1 = Date.now();
    await processes[0]!.start();
    await Promise.all(processes.slice(1).map((p) => p.start()));
    log(`${count} Backline processes up (${Date.now() - t1} ms)`);

    const dir = mkdtempSync(join(tmpdir(), 'backline-haproxy-'));
    stoppers.push(async () => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(dir, port, processes));
    const haproxy = track(
      spawn(HAPROXY_PATH, ['-db', '-f', join(dir, 'haproxy.cfg')], {
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    );
    let haproxyOutput = '';
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    stoppers.push(async () => {
      if (haproxy.exitCode !== null) return;
      const exited = new Promise((r) => haproxy.once('exit', r));
      haproxy.kill('SIGTERM');
      await exited;
    });
    const admin = (command: string) => adminCommand(join(dir, 'admin.sock'), command);
    const serverStatus = async (name: string) => {
      const [header, ...rows] = (await admin('show stat')).replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const row = rows.map((r) => r.split(',')).find((r) => r[0] === 'processes' && r[1] === name);
      return row?.[columns.indexOf('status')] ?? 'unknown';
    };
    const url = `http://127.0.0.1:${port}`;
    await until(
      'HAProxy seeing every process UP',
      async () => {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${haproxyOutput}`);
        if (!existsSync(join(dir, 'admin.sock'))) return false;
        const states = await Promise.all(processes.map((p) => serverStatus(p.name)));
        return states.every((s) => s === 'UP');
      },
      15_000,
    );
    log(`HAProxy on ${url}`);

    return {
      url,
      primary,
      standby,
      databaseUrl,
      processes,
      haproxy: admin,
      serverStatus,
      async rollingRestart() {
        for (const p of processes) {
          // Out of rotation first: HAProxy sends it nothing new, and what it has in hand finishes.
          await admin(`set server processes/${p.name} state maint`);
          await until(`${p.name} in maintenance`, async () => {
            const [header, ...rows] = (await admin('show stat')).replace(/^# /, '').split('\n');
            const columns = header!.split(',');
            const row = rows.map((r) => r.split(',')).find((r) => r[1] === p.name);
            return row?.[columns.indexOf('scur')] === '0';
          });
          await p.stop('SIGTERM');
          await p.start();
          await admin(`set server processes/${p.name} state ready`);
          await until(`${p.name} UP in HAProxy`, async () => (await serverStatus(p.name)) === 'UP');
        }
      },
      async failover() {
        const halting = Date.now();
        primary.halt('immediate');
        const promoting = Date.now();
        standby.promote();
        return { haltMs: promoting - halting, promoteMs: Date.now() - promoting };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '3' },
      players: { type: 'string', default: '200' },
      async: { type: 'boolean', default: false },
    },
  });
  const cluster = await startCluster({
    processes: Number(values.processes),
    seedPlayers: Number(values.players),
    synchronous: !values.async,
    log: (line) => console.log(line),
  });
  console.log(`\nBackline is running at ${cluster.url}/login?SiteId=1 (MASTER / demo-master)`);
  for (const p of cluster.processes) console.log(`  process ${p.name}: ${p.url}`);
  console.log(`  DATABASE_URL=${cluster.databaseUrl}`);
  console.log('Ctrl-C stops everything and removes it.');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void cluster.stop().then(() => process.exit(0));
    });
  }
  setInterval(() => {}, 1 << 30);
}
