// How a repository runs a statement: a `sql` template and the type of the rows it answers
// (decision 025). Both drivers answer with `{ rows }`.
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories take either. */
export type Executor = Db | Tx;

/**
 * Runs a statement and returns its rows as `T`. Nothing checks them at run time: `T` is written
 * beside the statement, one field per column of its select list, with the column's own name.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
