// A transaction that costs a round trip per read, not per statement: on node-postgres its first
// statement goes with its BEGIN and its last with its COMMIT, each pair one simple query
// ("BEGIN; EXECUTE s('…')", "EXECUTE w('…'); COMMIT") of a statement PREPAREd once per connection,
// its values sent as quoted literals, as the extended protocol sends them as text. On a busy feed a
// socket write is most of a statement's cost (decisions 023, 026); PGlite has no socket and runs the
// plain sequence.
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { PoolClient } from 'pg';
import type { Db, Executor } from './query.ts';
import { queryPrepared } from './plan-hints.ts';
import * as schema from './schema.ts';

/** A statement of fixed shape, named by `label` as queryPrepared names it. */
export interface Statement {
  label: string;
  query: SQL;
}

const dialect = new PgDialect();

/** Statements each connection has PREPAREd already. */
const prepared = new WeakMap<PoolClient, Set<string>>();
/** A drizzle handle over each checked-out connection, for the reads between first and last. */
const handles = new WeakMap<PoolClient, Executor>();

/**
 * Text as a quoted literal, as pg.escapeLiteral writes it: quotes doubled, and backslashes too
 * under an E prefix. Native replaces, where escapeLiteral appends character by character: 8 ms for
 * a chunk's 200 KB array of wagers, most of a batch chunk's time in the server (0.04 ms here).
 */
function quote(text: string): string {
  return text.includes('\\')
    ? ` E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
    : `'${text.replaceAll("'", "''")}'`;
}

/** A value as a quoted literal of unknown type: the server reads it as it reads a text parameter. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new RangeError(`not a finite number: ${value}`);
    return `'${String(value)}'`;
  }
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return quote(JSON.stringify(value));
}

/** `EXECUTE` of the statement on this connection, PREPAREd first if it is new to it. */
async function executeText(client: PoolClient, statement: Statement): Promise<string> {
  const built = dialect.sqlToQuery(statement.query);
  const digest = createHash('sha1').update(built.sql).digest('hex').slice(0, 16);
  const name = `trip_${statement.label.replaceAll(/[^a-z0-9]/gi, '_')}_${digest}`;
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  if (!names.has(name)) {
    await client.query(`PREPARE ${name} AS ${built.sql}`);
    names.add(name);
  }
  const args = built.params.map(literal).join(', ');
  return args ? `EXECUTE ${name}(${args})` : `EXECUTE ${name}`;
}

/** Dates and times as text, as drizzle hands them over (queryPrepared on the PGlite path alike). */
const AS_TEXT = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/** The rows of the last statement of a simple query (one result, or one per statement). */
function lastRows(result: pg.QueryResult | pg.QueryResult[]): unknown[] {
  return (Array.isArray(result) ? result.at(-1)! : result).rows;
}

/**
 * Runs `first`, then `body` with its rows (reads of its own on `tx`, and the final write it names,
 * or null), then that write and the commit. Rolled back whole when anything throws.
 */
export async function tripTransaction<T>(
  db: Db,
  first: Statement,
  body: (tx: Executor, rows: unknown[]) => Promise<{ value: T; last: Statement | null }>,
): Promise<T> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return db.transaction(async (tx) => {
      const { value, last } = await body(tx, await queryPrepared(tx, first.label, first.query));
      if (last) await queryPrepared(tx, last.label, last.query);
      return value;
    });
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const rows = lastRows(
      await client.query({ text: `BEGIN; ${await executeText(client, first)}`, types }),
    );
    let tx = handles.get(client);
    if (!tx) handles.set(client, (tx = drizzle(client, { schema }) as unknown as Executor));
    const { value, last } = await body(tx, rows);
    await client.query(last ? `${await executeText(client, last)}; COMMIT` : 'COMMIT');
    return value;
  } catch (error) {
    // A connection that cannot even roll back is dropped from the pool, not handed on.
    await client.query('ROLLBACK').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.release(broken);
  }
}
