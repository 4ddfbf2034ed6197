// The settle day's mix of calls and the virtual users who send it: each user works for one desk of
// the book and holds its own sessions, as that desk and as the master (issue 22 item 4), so the
// server checks as many sessions as it would on a real day and not one master's many times.
import type { Pool } from 'undici';
import pg from 'pg';
import { api, computePeriod, DEFAULT_BASES, Period, type Endpoint } from '@backline/contract';
import { DEMO_LOGINS, DEMO_PASSWORDS } from '../../apps/server/src/seed/demo-logins.ts';
import { logIn, MASTER, signIn, type Account, type Session } from './master-session.ts';

/** A virtual user: the desk it works for, and its own sessions, as that desk and as the master. */
export interface User {
  deskAccount: Account;
  desk: Session;
  master: Session;
}

export interface Conn {
  base: string;
  /** Keep-alive connections to the server (see `send`). */
  pool: Pool;
}

export interface Mix {
  name: string;
  weight: number;
  send: (conn: Conn, user: User, signal?: AbortSignal) => Promise<number>;
}

/**
 * Sends one call and reads the whole answer; resolves to the status (0 when the socket failed or
 * the call was cancelled). Through undici's keep-alive pool, at most one connection per request
 * in flight: the generator shares the machine's two cores with the server and PostgreSQL, and
 * undici costs it a fraction of what node:http or fetch do, so more of the CPU is left to what is
 * measured.
 */
async function send(
  conn: Conn,
  session: Session,
  e: Endpoint,
  input: { query?: Record<string, unknown>; body?: unknown },
  signal?: AbortSignal,
): Promise<number> {
  const qs = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const headers: Record<string, string> = { authorization: session.header(0) };
  if (e.method !== 'GET') {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = session.csrf;
    headers.cookie = `bl_csrf=${session.csrf}`;
  }
  try {
    const res = await conn.pool.request({
      path: `${DEFAULT_BASES[e.base]}${e.path}${qs}`,
      method: e.method,
      headers,
      body: input.body === undefined ? null : JSON.stringify(input.body),
      ...(signal && { signal }),
    });
    await res.body.dump();
    return res.statusCode;
  } catch {
    return 0;
  }
}

/** Every call of the settle day's mix, each for the virtual user's own desk (or as its master). */
export function workload(calls?: string[]): Mix[] {
  const lastWeek = computePeriod(Period.LastWeek, new Date(), 'America/New_York');
  const mix: Mix[] = [
    {
      // One request: the POST of the desk's log-in (password hash and a new session) with the CSRF
      // cookie a browser already holds from the page; the user goes on with the new session.
      name: 'log-in',
      weight: 2,
      send: async (conn, user, signal) => {
        const { status, session } = await logIn(conn.base, user.deskAccount, user.desk.csrf, {
          dispatcher: conn.pool,
          ...(signal && { signal }),
        }).catch(() => ({ status: 0, session: undefined }));
        if (session) user.desk = session;
        return status;
      },
    },
    {
      name: 'weekly balance (desk)',
      weight: 20,
      send: (c, u, s) =>
        send(c, u.desk, api.weeklyBalance, { body: { period: 3, pageSize: 100 } }, s),
    },
    {
      name: 'weekly balance (master, page 1)',
      weight: 3,
      send: (c, u, s) =>
        send(c, u.master, api.weeklyBalance, { body: { period: 2, pageSize: 100 } }, s),
    },
    {
      name: 'open bets page',
      weight: 20,
      send: (c, u, s) => send(c, u.desk, api.getOpenBets, { query: { pageSize: 50 } }, s),
    },
    {
      name: 'graded bets page',
      weight: 20,
      send: (c, u, s) =>
        send(
          c,
          u.desk,
          api.getGradedBetsReport,
          { query: { startDate: lastWeek.StartDate, endDate: lastWeek.EndDate, pageSize: 50 } },
          s,
        ),
    },
    {
      name: 'tree level',
      weight: 15,
      send: (c, u, s) => send(c, u.desk, api.getAgentPlayerTree, { query: {} }, s),
    },
    {
      name: 'notifications',
      weight: 20,
      send: (c, u, s) => send(c, u.desk, api.getNotificationByAgentId, {}, s),
    },
  ];
  const chosen = mix.filter((m) => !calls || calls.some((p) => m.name.startsWith(p)));
  if (chosen.length === 0) throw new Error(`no call of the mix starts with ${calls?.join(', ')}`);
  return chosen;
}

/** A repeatable pseudo-random source, so every run draws the same sequence of calls. */
export function seeded(seed = 42): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** Draws the next call of the mix by its weights. */
export function picker(mix: Mix[], rnd: () => number): () => Mix {
  const total = mix.reduce((n, m) => n + m.weight, 0);
  return () => {
    let r = rnd() * total;
    for (const m of mix) if ((r -= m.weight) < 0) return m;
    return mix[mix.length - 1]!;
  };
}

/** The desks' log-ins and passwords, from their ids. */
export async function deskAccounts(databaseUrl: string, deskIds: number[]): Promise<Account[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; login: string }>(
      'select id, login from agents where id = any($1::int[])',
      [deskIds],
    );
    const logins = new Map(rows.map((d) => [d.id, d.login]));
    return deskIds.map((id) => {
      const login = logins.get(id);
      if (!login) throw new Error(`no agent ${id}`);
      // Desks added for a large book share the sub-agents' password; named agents have their own.
      const named = DEMO_LOGINS.find((l) => l.siteId === 1 && l.login === login);
      return { login, password: named?.password ?? DEMO_PASSWORDS.sub, siteId: 1 };
    });
  } finally {
    await client.end();
  }
}

/**
 * Signs in `count` virtual users before anything is measured, a few at a time (each log-in hashes
 * a password on the server). User k works for a desk drawn without repeats from a seeded shuffle
 * of the book's desks, so the first N users are N desks spread over the book.
 */
export async function signInUsers(conn: Conn, desks: Account[], count: number): Promise<User[]> {
  const order = [...desks];
  const rnd = seeded(7);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const users: User[] = [];
  for (let k = 0; k < count; k += 8) {
    const batch = Array.from({ length: Math.min(8, count - k) }, async (_, i) => {
      const deskAccount = order[(k + i) % order.length]!;
      const [desk, master] = await Promise.all([
        signIn(conn.base, deskAccount, conn.pool),
        signIn(conn.base, MASTER, conn.pool),
      ]);
      return { deskAccount, desk, master };
    });
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
