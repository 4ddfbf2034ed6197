import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/open-database.ts';
import { queryRows } from '../src/db/query.ts';

export async function idOf(
  database: Database,
  table: 'agents' | 'players',
  login: string,
  siteId = 1,
) {
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select id from ${sql.identifier(table)} where lower(login) = lower(${login}) and site_id = ${siteId}`,
  );
  if (!rows[0]) throw new Error(`${table} ${login} not found`);
  return rows[0].id;
}
