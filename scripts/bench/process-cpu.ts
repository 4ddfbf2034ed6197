// CPU time and memory from the processes' own counters (/proc/<pid>/stat), so a run can say how many
// milliseconds of CPU a request costs the server, PostgreSQL and the load generator, each apart,
// and how far a process's memory rises (/proc/<pid>/status).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc's CPU fields (normally 100). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

interface Stat {
  ppid: number;
  /** utime + stime of the process (all its threads), ms. */
  own: number;
  /** cutime + cstime: the CPU of its children that have ended and been waited for, ms. */
  children: number;
}

function statOf(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // ended meanwhile
  }
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ms = (i: number) => (Number(f[i]) * 1000) / TICKS_PER_SECOND;
  // f[0] is field 3 (state): ppid is field 4, utime..cstime fields 14-17.
  return { ppid: Number(f[1]), own: ms(11) + ms(12), children: ms(13) + ms(14) };
}

/** CPU ms used so far by one process. */
export function processCpuMs(pid: number): number {
  const s = statOf(pid);
  if (!s) throw new Error(`no process ${pid}`);
  return s.own;
}

/**
 * CPU ms used so far by a PostgreSQL cluster: the postmaster, every live child (backends,
 * checkpointer, autovacuum, parallel workers) and the children that have ended (their time is in
 * the postmaster's cutime once it has waited for them, so a backend ending mid-run still counts).
 */
export function clusterCpuMs(postmaster: number): number {
  const root = statOf(postmaster);
  if (!root) throw new Error(`no postmaster ${postmaster}`);
  let total = root.own + root.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s?.ppid === postmaster) total += s.own + s.children;
  }
  return total;
}

/**
 * The postmaster's pid from a backend's: the parent of the process serving `backendPid`, when
 * PostgreSQL runs on this machine; null when the backend is not among this machine's processes
 * (a database elsewhere, or in another PID namespace).
 */
export function postmasterOf(backendPid: number): number | null {
  const backend = statOf(backendPid);
  if (!backend) return null;
  const comm = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  return comm(backendPid) === 'postgres' && comm(backend.ppid) === 'postgres' ? backend.ppid : null;
}

/** The postmaster of the cluster serving `databaseUrl`, found from a backend of its own. */
export async function postmasterOfDatabase(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Read while the connection is open: the backend ends with it.
    return postmasterOf(rows[0]!.pid);
  } finally {
    await client.end();
  }
}

export interface CpuReading {
  server: number;
  postgres: number | null;
  generator: number;
}

/** CPU ms used so far by the server, PostgreSQL (null when not on this machine) and this process. */
export function readCpu(serverPid: number, postmaster: number | null): CpuReading {
  const own = process.cpuUsage();
  return {
    server: processCpuMs(serverPid),
    postgres: postmaster === null ? null : clusterCpuMs(postmaster),
    generator: (own.user + own.system) / 1000,
  };
}

/** The CPU ms spent between two readings. */
export function cpuSince(before: CpuReading, after: CpuReading): CpuReading {
  return {
    server: after.server - before.server,
    postgres:
      before.postgres === null || after.postgres === null ? null : after.postgres - before.postgres,
    generator: after.generator - before.generator,
  };
}

/** A process's resident set size now and its high-water mark (VmHWM), in bytes, from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/**
 * Watches a process's memory from outside, sampling its RSS every `everyMs` until `stop`, which
 * gives the RSS at the start and the peak: a peak between two samples still shows in the
 * high-water mark, when that rose meanwhile.
 */
export function watchMemory(pid: number, everyMs = 50): () => { baseline: number; peak: number } {
  const start = memoryOf(pid);
  let peak = start.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), everyMs);
  return () => {
    clearInterval(sampler);
    const end = memoryOf(pid);
    return {
      baseline: start.rss,
      peak: Math.max(peak, end.rss, end.hwm > start.hwm ? end.hwm : 0),
    };
  };
}
