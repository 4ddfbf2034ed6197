// One schema and one dialect over two drivers: PGlite embedded by default, node-postgres by URL.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES } from '@backline/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbTimeouts } from '../config.ts';
import * as schema from './schema.ts';
import { AdmissionGate } from './admission.ts';
import { intArray } from './sql-arrays.ts';
import { pgliteChannels, postgresChannels, type Channels } from './notify-channel.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories take either. */
export type Executor = Db | Tx;

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
  jobQueue: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
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
}): Promise<Database> {
  if (opts.url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    pg.default.types.setTypeParser(20, int8);
    const connection = {
      connectionString: opts.url,
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
    if (!opts.readOnly) {
      // A migration may run long on a big book: on a connection of its own, without the timeouts.
      const migrator = new pg.default.Pool({ connectionString: opts.url, max: 1 });
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
      jobQueue: { kind: 'postgres', url: opts.url },
    };
  }
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

export { schema };

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

/**
 * Every checkout of `pool` (its `query` checks out through `connect` too) first passes `gate`, which
 * holds as many places as the pool has connections, so the pool itself never queues: the gate
 * decides who goes next (admission.ts).
 */
function gateCheckouts(pool: Pool, gate: AdmissionGate): void {
  const checkout = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const connect = async (): Promise<PoolClient> => {
    await gate.acquire();
    let client: PoolClient;
    try {
      client = await checkout();
    } catch (error) {
      gate.release();
      throw error;
    }
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      client.release = release;
      gate.release();
      release.call(client, err);
    };
    return client;
  };
  pool.connect = ((
    callback?: (err: Error | undefined, client?: PoolClient, done?: unknown) => void,
  ) => {
    if (!callback) return connect();
    connect().then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error),
    );
  }) as Pool['connect'];
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Page sizes a kept plan is made for: the screens' own, then each list's maximum. */
const PLANNED_PAGE_SIZES = [...PAGE_SIZES, 500, 1000];

/**
 * A page's size as the planner sees it, as a literal for an outer `limit` that never cuts a row.
 * A kept plan is costed without the bound values, and PostgreSQL takes a limit it cannot see for a
 * tenth of the rows: it costs a page's joins for thousands of rows, finds every fresh plan cheaper
 * and plans anew on each call. The literal lets the kept plan cost the page as it is. Sizes the
 * screens offer are given exactly; any other is rounded up to the next of them, so there are few
 * shapes (each a statement of its own). A page of such a size is as right, only planned per call.
 */
export function plannedLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad page size ${limit}`);
  return sql.raw(String(PLANNED_PAGE_SIZES.find((n) => n >= limit) ?? limit));
}

/**
 * A key as a kept plan takes it: a subquery, whose value the planner does not see, so every call
 * is estimated alike (a desk's agent as a book's) and the plan made once suits all of them.
 */
export function keptPlanKey(id: number): SQL {
  return sql`(select ${id}::int)`;
}

/** Keys for `= any(...)` in a kept plan, as `keptPlanKey` takes one. */
export function keptPlanKeys(ids: readonly number[]): SQL {
  return sql`(select ${intArray(ids)})::int[]`;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a statement of fixed shape that runs on nearly every request: named, so each
 * PostgreSQL connection parses it once and may keep its plan, instead of planning it anew each
 * time. Only for statements whose one plan suits every value: lookups by a unique key, or keys
 * written with `keptPlanKey` and a page's size with `plannedLimit`, so the database finds the kept
 * plan as cheap as a fresh one and keeps it (decision 013). The name carries a digest of the text,
 * so two shapes never share one.
 */
export async function queryPrepared<T>(db: Executor, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const digest = createHash('sha1').update(built.sql).digest('base64url').slice(0, 12);
  const prepared = db._.session.prepareQuery(built, undefined, `${label}-${digest}`, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
