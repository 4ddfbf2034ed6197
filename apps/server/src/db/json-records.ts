// Many rows of a table as one parameter: a JSON array read back as the table's own row type
// (`json_populate_recordset`), so a whole chunk of rows is one statement with one parameter however
// many there are (no 65,535-parameter ceiling, one statement shape), and each value is typed by its
// column. Rows are written with the schema's keys; a column a row leaves out reads as null.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './query.ts';
import { queryPrepared } from './plan-hints.ts';
import type { Statement } from './trip-transaction.ts';

type Row<T extends PgTable> = Partial<T['$inferInsert']>;

function columnsOf(table: PgTable) {
  return Object.entries(getTableColumns(table)) as [string, { name: string }][];
}

/** `json_populate_recordset(null::<table>, $rows)`: the rows as a set of the table's type. */
export function jsonRecords<T extends PgTable>(table: T, rows: readonly Row<T>[]): SQL {
  const columns = columnsOf(table);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, { name }] of columns) {
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined) record[name] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
  return sql`json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
}

function names(table: PgTable, keys: readonly string[]): SQL[] {
  const byKey = new Map(columnsOf(table));
  return keys.map((key) => {
    const column = byKey.get(key);
    if (!column) throw new RangeError(`no column ${key}`);
    return sql`${sql.identifier(column.name)}`;
  });
}

/** The insert of the rows, each giving the columns `keys` name; null when there is none. */
export function insertRecords<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Row<T>[],
): SQL | null {
  if (rows.length === 0) return null;
  const list = sql.join(names(table, keys), sql`, `);
  return sql`insert into ${table} (${list}) select ${list} from ${jsonRecords(table, rows)}`;
}

/** The update setting the columns `set` names of each row found by the columns `by` name. */
export function updateRecords<T extends PgTable>(
  table: T,
  by: readonly (keyof T['$inferInsert'] & string)[],
  set: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Row<T>[],
): SQL | null {
  if (rows.length === 0) return null;
  const assignments = names(table, set).map((c) => sql`${c} = x.${c}`);
  const matches = names(table, by).map((c) => sql`${table}.${c} = x.${c}`);
  return sql`update ${table} set ${sql.join(assignments, sql`, `)}
      from ${jsonRecords(table, rows)} x where ${sql.join(matches, sql` and `)}`;
}

/**
 * Runs the writes as one statement (each a data-modifying WITH of it, all run to completion), a
 * round trip for all. A table with a statement trigger reading transition tables (wagers,
 * player_weekly) cannot be written inside WITH: its write may be `last`, the statement's own.
 */
export async function writeTogether(
  ex: Executor,
  writes: readonly (SQL | null)[],
  last: SQL | null = null,
): Promise<void> {
  const parts = writes.filter((w): w is SQL => w !== null);
  if (parts.length === 1 && last === null) await ex.execute(parts[0]!);
  else {
    const statement = together(parts, last);
    if (statement) await queryPrepared(ex, statement.label, statement.query);
  }
}

/** writeTogether's statement, for a caller to send as it sees fit (trip-transaction.ts). */
export function together(
  writes: readonly (SQL | null)[],
  last: SQL | null = null,
): Statement | null {
  const parts = writes.filter((w): w is SQL => w !== null);
  if (parts.length === 0 && last === null) return null;
  const ctes = parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`);
  const main = last ?? sql`select 1`;
  return {
    label: 'write-together',
    query: parts.length === 0 ? main : sql`with ${sql.join(ctes, sql`, `)} ${main}`,
  };
}

/** A row PostgreSQL gave as JSON (`row_to_json`) with the schema's keys, timestamps as dates. */
export function fromRecord<T extends PgTable>(
  table: T,
  record: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = record[column.name];
    row[key] =
      column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T['$inferSelect'];
}
