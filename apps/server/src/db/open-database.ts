// Opens the database: one schema over two drivers, PGlite embedded by default, node-postgres by URL.
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { DbTimeouts } from '../config.ts';
import * as schema from './schema.ts';
import { AdmissionGate, gateCheckouts } from './admission.ts';
import { queryRows, type Db } from './query.ts';
import { pgliteChannels, postgresChannels, type Channels } from './notify-channel.ts';
import { pgConnection } from './host-list.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Throws when the database cannot answer; used by /healthz. */
  ping(): Promise<void>;
  /** LISTEN/NOTIFY: what a process notifies after a commit reaches every process (notify-channel.ts). */
  channels: Channels;
  /**
   * What the job queue (webhooks/webhook-queue.ts) connects through: the same embedded instance,
   * or the same PostgreSQL server on connections of its own.
   */
  jobQueue:
    | { kind: 'pglite'; client: PGlite }
    | { kind: 'postgres'; connection: { connectionString: string; stream: () => Socket } };
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

function int8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`int8 value ${value} is beyond the safe range`);
  return n;
}

export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** The serving pool's waits (main.ts); without them only the 2 s connect timeout applies. */
  timeouts?: DbTimeouts;
  /** Told when an open connection breaks (a database restart); the queries on it fail with 503. */
  onConnectionError?: (error: Error) => void;
  /** A read replica is never migrated: it follows the primary. */
  readOnly?: boolean;
  /**
   * Told each statement's time on its connection, in ms (node-postgres only): how the bench adds
   * up what a call spends in SQL. Pool waits are not in it.
   */
  onStatement?: (ms: number) => void;
}): Promise<Database> {
  if (opts.url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    pg.default.types.setTypeParser(20, int8);
    // One host or several (db/host-list.ts): every connection below goes to the one that fits.
    const target = pgConnection(opts.url, opts.timeouts?.connectMs ?? 2_000);
    const server = { connectionString: target.connectionString, stream: target.stream };
    const connection = {
      ...server,
      connectionTimeoutMillis: opts.timeouts?.connectMs ?? 2_000,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
      // No JIT: a report's statement runs in milliseconds, and compiling it took up to 0.4 s
      // whenever a misestimate made its plan look expensive (graded bets of a book's month).
      options: '-c jit=off',
    };
    const poolSize = opts.poolSize ?? 10;
    const pool = new pg.default.Pool({
      ...connection,
      max: poolSize,
      ...(opts.timeouts && {
        statement_timeout: opts.timeouts.statementMs,
        lock_timeout: opts.timeouts.lockMs,
      }),
    });
    gateCheckouts(pool, new AdmissionGate(poolSize, connection.connectionTimeoutMillis));
    // /healthz asks on a connection of its own, so it still answers when the pool is saturated.
    const health = new pg.default.Pool({
      ...connection,
      max: 1,
      statement_timeout: connection.connectionTimeoutMillis,
    });
    // A broken connection fails the queries on it, and also emits 'error': on a client checked out
    // of the pool (mid-transaction when the database stops) nobody else listens, and an unheard
    // 'error' ends the process. Idle clients' errors reach the pool's own 'error' event.
    const lost = opts.onConnectionError ?? (() => {});
    for (const p of [pool, health]) {
      p.on('error', () => {});
      p.on('connect', (client) => client.on('error', lost));
    }
    const onStatement = opts.onStatement;
    if (onStatement) pool.on('connect', (client) => timeStatements(client, onStatement));
    if (!opts.readOnly) {
      // A migration may run long on a big book: on a connection of its own, without the timeouts.
      const migrator = new pg.default.Pool({ ...server, max: 1 });
      migrator.on('error', () => {});
      await migrate(drizzle(migrator, { schema }), { migrationsFolder: MIGRATIONS }).finally(() =>
        migrator.end(),
      );
    }
    const db = drizzle(pool, { schema });
    const channels = postgresChannels(connection, lost);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      channels,
      close: async () => {
        await Promise.all([pool.end(), health.end(), channels.close()]);
      },
      ping: async () => {
        await health.query('select 1');
      },
      jobQueue: { kind: 'postgres', connection: server },
    };
  }
  if (opts.onStatement) throw new Error('onStatement times node-postgres statements only');
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir && opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir ?? 'memory://', {
    parsers: { [types.INT8]: int8 },
  });
  takeTurns(client);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  // A data directory seeded before statistics were gathered after a load gets them once here.
  const [stats] = await queryRows<{ missing: boolean }>(
    db as unknown as Db,
    sql`select c.reltuples < 0 and exists (select 1 from wagers) as missing
        from pg_class c where c.relname = 'wagers' and c.relkind = 'r'`,
  );
  if (stats?.missing) await gatherStatistics(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    channels: pgliteChannels(client),
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    jobQueue: { kind: 'pglite', client },
  };
}

/**
 * Times every statement a pooled connection runs, from its send to its answer: node-postgres's pool
 * calls `query` with a callback, drizzle's transactions and prepared statements with a promise.
 * A cursor (a submittable) is not timed.
 */
function timeStatements(client: object, onStatement: (ms: number) => void): void {
  const target = client as { query: (...args: unknown[]) => unknown };
  const run = target.query.bind(client);
  target.query = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => onStatement(performance.now() - started);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
      return run(...args);
    }
    const result = run(...args);
    return result instanceof Promise ? result.finally(done) : result;
  };
}

/**
 * PGlite runs each statement on this thread, and its promises settle as microtasks: a request's
 * statements would follow one another without the event loop ever reading a socket, so a report
 * of many statements held every other request (and /healthz) until its last. Each statement
 * first waits one turn of the event loop, so the requests that arrived meanwhile queue their own
 * statements beside it and the database is shared statement by statement (decision 014).
 */
function takeTurns(client: object): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const methods = client as Record<'query' | 'exec' | 'transaction', (...args: never[]) => unknown>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = methods[name].bind(client);
    methods[name] = async (...args: never[]) => {
      await turn();
      return run(...args);
    };
  }
}

/**
 * What autovacuum does after a bulk load, at once: statistics for the planner and the visibility
 * map for index-only scans. PGlite has no autovacuum at all, so without this its planner knows
 * nothing of a seeded demo's tables and guesses every join (decision 014).
 */
export async function gatherStatistics(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
