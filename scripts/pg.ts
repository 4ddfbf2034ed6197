// A throwaway PostgreSQL cluster on a free loopback port, tuned for speed over durability, so the
// API tests and the bench run against a real server without touching any installed one.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { requirePostgresBinDir } from './system-deps.ts';

export interface PgCluster {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** The temp dir holding the data directory, the socket and the server log. */
  dir: string;
  stop(): Promise<void>;
  /** Stops the server and keeps its data: `fast` as an orderly shutdown, `immediate` as a crash. */
  halt(mode: 'fast' | 'immediate'): void;
  /** Starts a halted server again on its port and data (after a crash, with recovery). */
  resume(): void;
  /** Stops the server in order and starts it again on its data: its buffer cache starts empty. */
  restart(): void;
  /** A standby (startStandby) leaves recovery and takes writes. */
  promote(): void;
}

export interface PgOptions {
  database?: string;
  /** Extra or overriding postgresql.conf settings, e.g. { max_connections: '200' }. */
  settings?: Record<string, string>;
}

/** Lets a cluster outlive this process (the bench's --keep); stop() still stops it. */
export function detach(c: PgCluster): void {
  for (const cluster of live) if (cluster.dir === c.dir) live.delete(cluster);
}

const SUPERUSER = 'postgres';

const TEST_SETTINGS: Record<string, string> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '1GB',
  checkpoint_timeout: '30min',
  shared_buffers: '128MB',
  work_mem: '16MB',
  max_connections: '100',
  logging_collector: 'off',
  log_min_messages: 'warning',
};

const live = new Set<{ dir: string; bin: string }>();

/**
 * As root PostgreSQL refuses to run, so every server command runs as the system user owning the
 * cluster (postgres for the clusters made here).
 */
function asOwner(command: string, args: string[], owner = SUPERUSER): string {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', owner, '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, {
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: '/',
    });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} failed: ${e.stderr || e.stdout || e.message}`.trim(), {
      cause: error,
    });
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

function makeTempDir(): string {
  // Root's TMPDIR may sit where the postgres user cannot reach; /tmp is world-traversable.
  const base = process.getuid?.() === 0 ? '/tmp' : tmpdir();
  const dir = mkdtempSync(join(base, 'backline-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

function stopSync(cluster: { dir: string; bin: string }): void {
  live.delete(cluster);
  const data = join(cluster.dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      asOwner(join(cluster.bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
    } catch {
      asOwner(join(cluster.bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
    }
  }
  rmSync(cluster.dir, { recursive: true, force: true });
}

let hooksInstalled = false;
function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const stopAll = () => {
    for (const cluster of [...live]) {
      try {
        stopSync(cluster);
      } catch (error) {
        console.error(`Could not stop PostgreSQL in ${cluster.dir}: ${(error as Error).message}`);
      }
    }
  };
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      stopAll();
      // Re-raise with the default action so the process ends exactly as it would have.
      process.off(signal, handler);
      process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}

export async function startPostgres(options: PgOptions = {}): Promise<PgCluster> {
  const bin = requirePostgresBinDir();
  const database = options.database ?? 'backline';
  const dir = makeTempDir();
  const cluster = { dir, bin };
  live.add(cluster);
  installExitHooks();
  try {
    const data = join(dir, 'data');
    const password = randomBytes(18).toString('base64url');
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
    asOwner(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      SUPERUSER,
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    rmSync(pwfile);
    const port = await startOnFreePort(cluster, { ...TEST_SETTINGS, ...options.settings });
    asOwner(join(bin, 'createdb'), ['-h', dir, '-p', String(port), '-U', SUPERUSER, database]);
    return handle(
      cluster,
      port,
      `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`,
    );
  } catch (error) {
    stopSync(cluster);
    throw error;
  }
}

/**
 * Writes `settings` after the data directory's own postgresql.conf (replacing what an earlier
 * start wrote) with a free loopback port, and starts the server; returns the port.
 */
async function startOnFreePort(
  cluster: { dir: string; bin: string },
  settings: Record<string, string>,
): Promise<number> {
  const { dir, bin } = cluster;
  const data = join(dir, 'data');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const conf = Object.entries({
      ...settings,
      port: String(port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
    })
      .map(([key, value]) => `${key} = ${value}`)
      .join('\n');
    const original = readFileSync(join(data, 'postgresql.conf'), 'utf8').split('\n# backline')[0];
    // Overwriting as root keeps the file's owner (postgres).
    writeFileSync(
      join(data, 'postgresql.conf'),
      `${original}\n# backline test settings\n${conf}\n`,
    );
    try {
      asOwner(join(bin, 'pg_ctl'), [
        'start',
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
      ]);
      return port;
    } catch (error) {
      // Another process may have taken the port between probing and binding; try a new one.
      if (attempt < 3) continue;
      const log = existsSync(join(dir, 'server.log'))
        ? readFileSync(join(dir, 'server.log'), 'utf8')
        : '';
      throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
    }
  }
}

function handle(cluster: { dir: string; bin: string }, port: number, url: string): PgCluster {
  const { dir, bin } = cluster;
  const data = join(dir, 'data');
  const pgCtl = (args: string[]) => asOwner(join(bin, 'pg_ctl'), [...args, '-D', data, '-w']);
  return {
    url,
    port,
    dir,
    stop: async () => {
      if (live.has(cluster)) stopSync(cluster);
    },
    halt: (mode) => void pgCtl(['stop', '-m', mode, '-t', '30']),
    resume: () => void pgCtl(['start', '-l', join(dir, 'server.log'), '-t', '60']),
    restart: () => void pgCtl(['restart', '-m', 'fast', '-l', join(dir, 'server.log'), '-t', '60']),
    promote: () => void pgCtl(['promote', '-t', '60']),
  };
}

/** What a primary needs to stream its WAL to a standby (on top of the test settings). */
export const PRIMARY_SETTINGS: Record<string, string> = {
  wal_level: 'replica',
  // A base backup taken while pages are written needs their full images in the WAL.
  full_page_writes: 'on',
  max_wal_senders: '5',
  max_replication_slots: '5',
  hot_standby: 'on',
  // A standby answers reports as of a moment ago, not by cancelling them for WAL it must apply.
  hot_standby_feedback: 'on',
};

/**
 * A streaming standby of `primary` (started with PRIMARY_SETTINGS): a base backup taken through
 * its own replication slot (`name`), started on a port of its own. It connects as `name`, the
 * name `synchronous_standby_names` knows it by.
 */
export async function startStandby(
  primary: PgCluster,
  name: string,
  settings: Record<string, string> = {},
): Promise<PgCluster> {
  const bin = requirePostgresBinDir();
  const dir = makeTempDir();
  const cluster = { dir, bin };
  live.add(cluster);
  installExitHooks();
  try {
    const source = new URL(primary.url);
    const replication = `postgres://${SUPERUSER}:${source.password}@127.0.0.1:${primary.port}/?application_name=${name}`;
    asOwner(join(bin, 'pg_basebackup'), [
      '-D',
      join(dir, 'data'),
      '-d',
      replication,
      '-X',
      'stream',
      '-S',
      name,
      '--create-slot',
      '--write-recovery-conf',
      '--no-sync',
      '--checkpoint=fast',
    ]);
    const port = await startOnFreePort(cluster, {
      ...TEST_SETTINGS,
      ...PRIMARY_SETTINGS,
      ...settings,
    });
    source.port = String(port);
    return handle(cluster, port, source.toString());
  } catch (error) {
    stopSync(cluster);
    throw error;
  }
}

/**
 * The running cluster of a data directory made elsewhere (the bench's --url with --pg-data), to
 * restart as the directory's owner with the options it was started with (postmaster.opts) and its
 * server log where it was. It must listen on `port`, so no other cluster is touched; refused here,
 * before anything runs, when it does not or cannot be restarted by this user.
 */
export function dataDirCluster(data: string, port: number): { restart(): void } {
  const pidFile = join(data, 'postmaster.pid');
  if (!existsSync(pidFile)) throw new Error(`No PostgreSQL runs on ${data} (no postmaster.pid)`);
  // postmaster.pid: the pid, the data directory, the start time, the port, ...
  const [pid, , , listening] = readFileSync(pidFile, 'utf8').split('\n');
  if (Number(listening) !== port) {
    throw new Error(`The cluster of ${data} listens on port ${listening}, not ${port}`);
  }
  const uid = statSync(data).uid;
  if (process.getuid?.() !== 0 && process.getuid?.() !== uid) {
    throw new Error(`${data} belongs to uid ${uid}: restart it as that user or as root`);
  }
  const owner = execFileSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).trim();
  // The server binary it runs, first on postmaster.opts: its pg_ctl is the same version.
  const opts = readFileSync(join(data, 'postmaster.opts'), 'utf8');
  const postgres = /^"?([^"\s]+)/.exec(opts)?.[1];
  const pgCtl = join(postgres ? dirname(postgres) : requirePostgresBinDir(), 'pg_ctl');
  // pg_ctl hands the server its own output: a log file, never this process's pipes (it would wait
  // for them to close). Where the server logs now, or nowhere.
  let log = '/dev/null';
  try {
    const current = readlinkSync(`/proc/${pid}/fd/1`);
    if (current.startsWith('/') && statSync(current).isFile()) log = current;
  } catch {
    // No /proc, or not this user's process: the log goes nowhere.
  }
  return {
    restart: () =>
      void asOwner(
        pgCtl,
        ['restart', '-D', data, '-m', 'fast', '-l', log, '-w', '-t', '60'],
        owner,
      ),
  };
}

if (import.meta.main) {
  const i = process.argv.indexOf('--db');
  const database = i > 0 ? process.argv[i + 1] : undefined;
  const cluster = await startPostgres(database ? { database } : {});
  console.log(`PostgreSQL is running in ${cluster.dir}; Ctrl-C stops it and removes it.`);
  console.log(`export DATABASE_URL='${cluster.url}'`);
  // Keeps the process alive until a signal; the exit hooks stop the cluster.
  setInterval(() => {}, 1 << 30);
}
