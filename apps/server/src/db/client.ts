// One schema and one dialect over two drivers: PGlite embedded by default, node-postgres by URL.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

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
  /** A read replica is never migrated: it follows the primary. */
  readOnly?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    pg.default.types.setTypeParser(20, int8);
    const pool = new pg.default.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
    });
    // A pool error on an idle client (database restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema });
    if (!opts.readOnly) await migrate(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      ping: async () => {
        await pool.query('select 1');
      },
    };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir && opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir ?? 'memory://', {
    parsers: { [types.INT8]: int8 },
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
  };
}

export { schema };

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
