// Many rows of a table as one parameter: a JSON array read back as the table's own row type
// (`json_populate_recordset`), so a whole chunk of rows is one statement with one parameter however
// many there are (no 65,535-parameter ceiling, one statement shape), and each value is typed by its
// column. Rows are written with the schema's keys; a column a row leaves out reads as null.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

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

/** Inserts the rows, each giving the columns `keys` name (the others take their defaults). */
export async function insertRecords<T extends PgTable>(
  ex: Executor,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Row<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.join(names(table, keys), sql`, `);
  await ex.execute(
    sql`insert into ${table} (${list}) select ${list} from ${jsonRecords(table, rows)}`,
  );
}

/** Sets the columns `set` names of each row found by the columns `by` name. */
export async function updateRecords<T extends PgTable>(
  ex: Executor,
  table: T,
  by: readonly (keyof T['$inferInsert'] & string)[],
  set: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Row<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const assignments = names(table, set).map((c) => sql`${c} = x.${c}`);
  const matches = names(table, by).map((c) => sql`${table}.${c} = x.${c}`);
  await ex.execute(
    sql`update ${table} set ${sql.join(assignments, sql`, `)}
        from ${jsonRecords(table, rows)} x where ${sql.join(matches, sql` and `)}`,
  );
}

/** A row PostgreSQL gave as JSON (`row_to_json`) with the schema's keys, dates as it wrote them. */
export function fromRecord<T extends PgTable>(
  table: T,
  record: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, { name }] of columnsOf(table)) row[key] = record[name];
  return row as T['$inferSelect'];
}
