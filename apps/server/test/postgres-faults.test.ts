// The server under database faults: PostgreSQL stopped under load (orderly, then as a crash) and a
// connection pool held by stuck postings. The real server runs as its own process on a cluster this
// test owns, and a client that retries with its idempotency keys, as the web app does, drives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { api, authorizationHeader, type Endpoint, type LoginResponse } from '@backline/contract';
import { startPostgres, type PgCluster } from '../../../scripts/pg.ts';
import { openDatabase, type Database } from '../src/db/open-database.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { urlOf } from './helpers.ts';

const onPostgres = inject('template').kind === 'postgres';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** Small on purpose: a few stuck postings fill it, and every wait is short. */
const POOL = 4;
const CONNECT_TIMEOUT_MS = 1_000;
const LOCK_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 5_000;
/** Longest answer allowed while the database is away: the connect timeout and some slack. */
const QUICK_MS = CONNECT_TIMEOUT_MS + 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  path: string;
  status: number;
  ms: number;
  at: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

interface Payment {
  key: string;
  player: number;
  amount: number;
  attempts: number;
  unavailable: number;
  id?: number;
  replayed?: boolean;
  failure?: string;
}

let cluster: PgCluster;
let server: ChildProcess;
let output = '';
let base = '';
let caller: { authorization: string; csrf: string };
let players: number[] = [];
const answers: Answer[] = [];
const payments: Payment[] = [];

/** One call to the running server; a network error or a hang counts as status 0. */
async function send(path: string, body?: unknown, auth = true): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (auth && caller) {
    if (caller.authorization) headers.authorization = caller.authorization;
    headers['x-csrf-token'] = caller.csrf;
    headers.cookie = `bl_csrf=${caller.csrf}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  let answer: Answer;
  try {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    answer = {
      path,
      status: res.status,
      ms: Date.now() - started,
      at: started,
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : null,
      retryAfter: res.headers.get('retry-after'),
    };
    if (path === '/healthz' && !caller) {
      const cookie = /bl_csrf=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
      if (cookie) caller = { authorization: '', csrf: cookie[1]! };
    }
  } catch (error) {
    answer = {
      path,
      status: 0,
      ms: Date.now() - started,
      at: started,
      body: {
        error: String(error),
        server: alive() ? 'running' : `exited:\n${output.slice(-3000)}`,
      },
      retryAfter: null,
    };
  }
  answers.push(answer);
  return answer;
}

const call = (e: Endpoint, body: unknown) => send(urlOf(e), body);

/** Posts a payment until it is answered for good, as the client does: 503 means "same key, again". */
async function settle(p: Payment, deadline: number): Promise<void> {
  for (;;) {
    p.attempts++;
    const a = await call(api.insertPlayerPayment, {
      idPlayer: p.player,
      amount: p.amount,
      direction: 'receipt',
      method: 'cash',
      note: 'fault test',
      idempotencyKey: p.key,
    });
    if (a.status === 200) {
      const { Payment, Replayed } = a.body as { Payment: { IdPayment: number }; Replayed: boolean };
      p.id = Payment.IdPayment;
      p.replayed = Replayed;
      return;
    }
    if (a.status !== 503 || Date.now() > deadline) {
      p.failure = `${a.status} ${JSON.stringify(a.body)}`;
      return;
    }
    p.unavailable++;
    await sleep(100);
  }
}

function newPayment(player = players[payments.length % players.length]!): Payment {
  const p: Payment = {
    key: randomUUID(),
    player,
    amount: 100 + Math.floor(Math.random() * 10_000),
    attempts: 0,
    unavailable: 0,
  };
  payments.push(p);
  return p;
}

/** Payers and readers keep going until stopped; each payer finishes the payment it has started. */
function load(payers: number) {
  let running = true;
  const deadline = () => Date.now() + 60_000;
  const workers = [
    ...Array.from({ length: payers }, async () => {
      while (running) await settle(newPayment(), deadline());
    }),
    (async () => {
      while (running) {
        await call(api.playerStanding, {});
        await send('/healthz', undefined, false);
        await sleep(50);
      }
    })(),
  ];
  return async () => {
    running = false;
    await Promise.all(workers);
  };
}

async function until(what: string, condition: () => Promise<boolean>, ms = 20_000) {
  for (const started = Date.now(); !(await condition()); await sleep(50)) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
  }
}

/** A direct connection to the cluster, for what the test itself reads or locks. */
async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const alive = () => server.exitCode === null && server.signalCode === null;

/** Every 503 carries the error body and Retry-After, and names nothing of the database. */
function expectUnavailable(a: Answer): void {
  expect(a.status, JSON.stringify(a)).toBe(503);
  expect(a.body).toEqual({
    Code: 'service_unavailable',
    Params: {},
    Message: 'The service is briefly unavailable; try again',
    StatusCode: 503,
    RequestId: expect.any(String),
  });
  expect(a.retryAfter).toMatch(/^\d+$/);
}

/** Stops PostgreSQL under load, checks the answers while it is away, starts it and waits for a 200. */
async function outage(mode: 'fast' | 'immediate') {
  const stop = load(3);
  await sleep(1_500);
  const downAt = Date.now();
  cluster.halt(mode);
  const haltedAt = Date.now();
  // While it is away: payments and reports answer 503 at once, /healthz says so, nothing hangs.
  const probe = await call(api.insertPlayerPayment, {
    idPlayer: players[0],
    amount: 100,
    direction: 'receipt',
    method: 'cash',
    note: '',
    idempotencyKey: randomUUID(),
  });
  expectUnavailable(probe);
  const health = await send('/healthz', undefined, false);
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ Status: 'unavailable' });
  await sleep(2_500);
  const whileDown = answers.filter((a) => a.at >= haltedAt);
  const upAt = Date.now();
  cluster.resume();
  const startedAt = Date.now();
  let recoveredAt = 0;
  await until('a payment after the restart', async () => {
    const p = newPayment();
    await settle(p, Date.now());
    if (p.id !== undefined) recoveredAt = Date.now();
    return p.id !== undefined;
  });
  await sleep(1_000);
  await stop();
  const first503 = answers.find((a) => a.at >= downAt && a.status === 503);
  return {
    mode,
    haltMs: haltedAt - downAt,
    answersWhileDown: whileDown.length,
    slowestWhileDownMs: Math.max(...whileDown.map((a) => a.ms)),
    firstUnavailableMs: first503 ? first503.at + first503.ms - downAt : -1,
    startMs: startedAt - upAt,
    recoveredMs: recoveredAt - startedAt,
    whileDown,
  };
}

describe.runIf(onPostgres)('PostgreSQL faults', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // Commits are acknowledged only once in the WAL, as in production, so a crash loses none of them.
    cluster = await startPostgres({ settings: { synchronous_commit: 'on' } });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [MAIN], {
      env: {
        NODE_ENV: 'production',
        // Production refuses to start without its own key (config.ts).
        PLATFORM_SECRET_KEY: randomBytes(32).toString('hex'),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: cluster.url,
        LOG_LEVEL: 'warn',
        SEED_PLAYERS: '40',
        SEED_WEEKS: '2',
        DB_POOL_SIZE: String(POOL),
        DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      'the server start',
      async () => {
        if (!alive()) throw new Error(`the server exited:\n${output}`);
        return (await send('/healthz', undefined, false)).status === 200;
      },
      120_000,
    );
    const login = await call(api.login, { Player: 'MASTER', Password: 'demo-master', SiteId: 1 });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const session = login.body as unknown as LoginResponse;
    caller.authorization = authorizationHeader({
      kind: 'agentSite',
      email: session.UserEmail,
      token: session.Token,
      actAs: 0,
      siteId: 1,
    });
    answers.length = 0; // the polls before the server listened are no answers of its own
    await withAdmin(async (admin) => {
      const { rows } = await admin.query<{ id: number }>(
        'select id from players where site_id = 1 and active order by id limit 6',
      );
      players = rows.map((r) => r.id);
    });
  }, 180_000);

  afterAll(async () => {
    if (server && alive()) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await cluster?.stop();
  });

  it('answers 503 quickly while PostgreSQL is down, stays up and recovers by itself', async () => {
    const outages = [await outage('fast'), await outage('immediate')];

    expect(alive(), output).toBe(true);
    for (const o of outages) {
      console.log(
        `PostgreSQL stopped (${o.mode}, ${o.haltMs} ms): first 503 after ${o.firstUnavailableMs} ms, ` +
          `${o.answersWhileDown} answers while down, slowest ${o.slowestWhileDownMs} ms; ` +
          `started again in ${o.startMs} ms, first payment stored ${o.recoveredMs} ms later`,
      );
      expect(o.whileDown.length).toBeGreaterThan(0);
      for (const a of o.whileDown) {
        if (a.path === '/healthz') expect(a.status).toBe(503);
        else expectUnavailable(a);
        expect(a.ms, a.path).toBeLessThan(QUICK_MS);
      }
      expect(o.recoveredMs).toBeLessThan(10_000);
    }
  });

  it('answers 503 quickly when every pooled connection is stuck, and /healthz still answers', () =>
    withAdmin(async (admin) =>
      withAdmin(async (watcher) => {
        // A transaction outside the server holds one player's row, so postings for that player wait
        // on its lock, each holding a pooled connection.
        await admin.query('begin');
        await admin.query('select 1 from players where id = $1 for update', [players[0]]);
        const stuck = Array.from({ length: POOL }, () => newPayment(players[0]));
        let lastWaits = '';
        const settling = stuck.map((p) => settle(p, Date.now() + 60_000));
        await until('every pooled connection waiting on the lock', async () => {
          // A stuck posting answered other than 503 stops trying: say how, not only that it waited.
          const failed = stuck.filter((p) => p.failure);
          if (failed.length > 0)
            throw new Error(`a stuck posting gave up: ${failed.map((p) => p.failure).join('; ')}`);
          // Asked on a connection of its own: inside a transaction the activity view is a snapshot.
          const { rows } = await watcher.query<{ n: number; waits: string }>(
            `select count(*)::int as n, string_agg(left(query, 60), ' | ') as waits
             from pg_stat_activity
             where wait_event_type = 'Lock' and datname = current_database()`,
          );
          lastWaits = `${rows[0]!.n} waiting: ${rows[0]!.waits ?? 'none'}`;
          return rows[0]!.n >= POOL;
        }).catch((error: Error) => {
          throw new Error(`${error.message} (last seen: ${lastWaits})`);
        });
        const reads = await Promise.all([
          call(api.playerStanding, {}),
          call(api.weeklyBalance, {}),
          call(api.insertPlayerPayment, {
            idPlayer: players[1],
            amount: 100,
            direction: 'receipt',
            method: 'cash',
            note: '',
            idempotencyKey: randomUUID(),
          }),
        ]);
        const health = await send('/healthz', undefined, false);
        // The stuck postings give up at the lock timeout with a 503 of their own, and free the pool.
        await until('the lock timeout', async () => stuck.every((p) => p.unavailable > 0), 10_000);
        await admin.query('rollback');
        await Promise.all(settling);
        for (const a of reads) {
          expectUnavailable(a);
          expect(a.ms).toBeLessThan(QUICK_MS);
        }
        expect(health.status).toBe(200);
        const timedOut = answers.filter(
          (a) =>
            a.status === 503 && a.ms >= LOCK_TIMEOUT_MS && a.path.endsWith('InsertPlayerPayment'),
        );
        expect(timedOut.length).toBeGreaterThanOrEqual(POOL);
        // lock_timeout bounds each lock wait; a posting queued behind another waits for two locks.
        for (const a of timedOut) expect(a.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
        expect(stuck.map((p) => p.failure)).toEqual(stuck.map(() => undefined));
        const after = newPayment(players[1]);
        await settle(after, Date.now());
        expect(after.id, after.failure).toBeDefined();
        console.log(
          `pool of ${POOL} held: other calls answered 503 in ${reads.map((a) => a.ms).join(', ')} ms ` +
            `(connect timeout ${CONNECT_TIMEOUT_MS} ms); /healthz 200 in ${health.ms} ms; the stuck ` +
            `postings answered 503 after ${timedOut.map((a) => a.ms).join(', ')} ms ` +
            `(lock timeout ${LOCK_TIMEOUT_MS} ms, statement timeout ${STATEMENT_TIMEOUT_MS} ms) and ` +
            `were stored when sent again`,
        );
      }),
    ));

  it('loses no acknowledged payment, stores none twice and leaves nothing half-written', async () => {
    // Its own payments, through a crash of its own: it holds whether or not the tests above ran.
    const firstPayment = payments.length;
    const firstAnswer = answers.length;
    const crash = await outage('immediate');
    const mine = payments.slice(firstPayment);
    // Some payments were acknowledged before the crash, so the crash had stored work to lose.
    const crashedAt = crash.whileDown[0]!.at;
    const beforeCrash = answers
      .slice(firstAnswer)
      .filter(
        (a) => a.status === 200 && a.path.endsWith('InsertPlayerPayment') && a.at < crashedAt,
      );
    expect(beforeCrash.length).toBeGreaterThan(0);
    await withAdmin(async (admin) => {
      expect(alive(), output).toBe(true);
      const database: Database = await openDatabase({ url: cluster.url, poolSize: 2 });
      try {
        const failed = mine.filter((p) => p.id === undefined);
        expect(failed.map((p) => p.failure)).toEqual([]);
        const { rows } = await admin.query<{
          key: string;
          id: number;
          player_id: number;
          amount: number;
          type: number;
          payment: number | null;
        }>(
          `select l.idempotency_key as key, l.id::int as id, l.player_id, l.amount::int as amount, l.type,
           pp.ledger_id::int as payment
         from ledger l left join player_payments pp on pp.ledger_id = l.id
         where l.idempotency_key = any($1)`,
          [mine.map((p) => p.key)],
        );
        const stored = new Map(rows.map((r) => [r.key, r]));
        const lost = mine.filter((p) => !stored.has(p.key));
        const wrong = mine.filter((p) => {
          const r = stored.get(p.key);
          return r && (r.id !== p.id || r.player_id !== p.player || r.amount !== p.amount);
        });
        const halfWritten = rows.filter((r) => r.type !== 1 || r.payment !== r.id);
        const violations = await countLedgerViolations(database.db);
        const inDoubt = mine.filter((p) => p.replayed && p.unavailable > 0).length;
        const own = answers.slice(firstAnswer);
        console.log(
          `payments around a crash: ${mine.length} acknowledged (${beforeCrash.length} before it), ` +
            `${rows.length} stored, ${lost.length} lost, ` +
            `${rows.length - new Set(rows.map((r) => r.key)).size} twice, ${halfWritten.length} half-written; ` +
            `${mine.filter((p) => p.unavailable > 0).length} met a 503 and were sent again ` +
            `(${inDoubt} had been stored before their answer was lost); ` +
            `${own.filter((a) => a.status === 503).length} answers were 503`,
        );
        expect(lost).toEqual([]);
        expect(wrong).toEqual([]);
        expect(rows.length).toBe(mine.length);
        expect(halfWritten).toEqual([]);
        expect(Object.entries(violations).filter(([, n]) => n > 0)).toEqual([]);
        const unexpected = answers.filter((a) => ![200, 503].includes(a.status));
        expect(unexpected).toEqual([]);
      } finally {
        await database.close();
      }
    });
  });
});

if (!onPostgres) {
  describe('PostgreSQL faults', () => {
    it.skip('need a PostgreSQL server to stop and start: they run in the api-postgres step', () => {});
  });
}
