// Empties every table of the domain schema (not the migrations record), restarting the id sequences,
// so a re-seed writes the same ids as a first seed.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/query.ts';
import * as schema from '../db/schema.ts';

export async function resetDatabase(db: Executor): Promise<string[]> {
  const tables: string[] = [];
  for (const value of Object.values(schema))
    if (is(value, PgTable)) tables.push(getTableName(value));
  const list = sql.join(
    tables.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await db.execute(sql`truncate table ${list} restart identity cascade`);
  return tables;
}
